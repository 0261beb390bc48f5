# comment
0 1
1 2

2 0
5 3
