"""Every figure's rules: labelled ticks on every axis, the error bars said on
the figure, the legend outside the data, only what the title says, and a
figure without data replaced by a sentence saying why."""

import unittest

from paper import dijkstra_deg5, hybrid_dfs, kruskal_100m, outputs, prim_gpu, report, select, style
from paper.results import load

PAPER = outputs.REFERENCE


def results(experiment):
    return select.drawable(load(PAPER, experiment))


def figure(module, name):
    return next(f for f in module.MODULE.figures if f.name == name)


class FigureRules(unittest.TestCase):
    def draw(self, module, name, res=None):
        fig = figure(module, name).draw(res if res is not None else results(module.MODULE.experiment))
        self.addCleanup(style.close, fig)
        return fig, fig.axes[0]

    def test_the_legend_lies_outside_the_axes(self):
        fig, ax = self.draw(dijkstra_deg5, "runtime")
        legend = ax.get_legend()
        self.assertIsNotNone(legend)
        fig.canvas.draw()
        box = legend.get_window_extent().transformed(ax.transAxes.inverted())
        self.assertGreaterEqual(box.x0, 1.0)  # right of the axes

    def test_error_bars_are_said_on_the_figure(self):
        _, ax = self.draw(kruskal_100m, "edge_sweep")
        self.assertIn("error bars: min..max\nof the trials", [t.get_text() for t in ax.texts])

    def test_a_sweep_within_a_decade_labels_every_x_value(self):
        fig, ax = self.draw(kruskal_100m, "edge_sweep")
        fig.canvas.draw()
        labels = [t.get_text() for t in ax.get_xticklabels() if t.get_text()]
        self.assertEqual(labels, ["10M", "25M", "50M", "100M", "200M"])

    def test_fig4_without_gpu_rows_is_titled_cpu(self):
        res = results("hybrid_dfs")
        cpu = res.where(device="cpu")
        _, ax = self.draw(hybrid_dfs, "fig4_gpu", cpu)
        self.assertEqual(ax.get_title(), "Fig. 4: CPU (max threads)")
        _, ax = self.draw(hybrid_dfs, "fig4_gpu", res)
        self.assertEqual(ax.get_title(), "Fig. 4: GPU, CPU+GPU and CPU (max threads)")
        self.assertTrue([t.get_text() for t in ax.get_xticklabels() if t.get_text()])

    def test_the_papers_gpu_speedups_only_beside_its_gpu_program(self):
        _, ax = self.draw(dijkstra_deg5, "speedup")
        self.assertIn("paper: 4.73x", ax.get_legend_handles_labels()[1])
        cpu = results("dijkstra_deg5").where(device="cpu")
        _, ax = self.draw(dijkstra_deg5, "speedup", cpu)
        self.assertNotIn("paper: 4.73x", ax.get_legend_handles_labels()[1])

    def test_kruskal_phases_leave_out_the_untimed_generation(self):
        _, ax = self.draw(kruskal_100m, "phases")
        self.assertNotIn("generate", ax.get_legend_handles_labels()[1])

    def test_the_grid_is_dots_on_its_log_axis(self):
        _, ax = self.draw(dijkstra_deg5, "grid")
        self.assertEqual(ax.get_yscale(), "log")
        self.assertEqual(len(ax.patches), 0)  # no bars

    def test_a_figure_without_data_says_why(self):
        cpu = results("prim_gpu").where(device="cpu")
        text = report.not_drawn_reason(figure(prim_gpu, "fig6_speedup"), cpu, PAPER)
        self.assertTrue(text.startswith("not drawn: "), text)
        self.assertNotIn("make figures", text)


if __name__ == "__main__":
    unittest.main()
