// The score chart of svg.h: each player's score over the turns as an SVG line chart.
#include <algorithm>
#include <cmath>

#include "carcref/i18n.h"
#include "cli/svg.h"

namespace carcref {

namespace {

std::string Num(double v) { return SvgNumber(v); }

std::string Text(double x, double y, const std::string& text, const std::string& attrs) {
  return "<text x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" " + attrs + ">" + XmlEscape(text) +
         "</text>";
}

// A line on white: the meeple colours, with yellow and white darkened so that they show.
std::string LineColor(const std::string& name) {
  std::string c = SvgPlayerColor(name);
  if (c == SvgPlayerColor("yellow")) return "#d19c00";
  if (c == SvgPlayerColor("white")) return "#b5b5b5";
  return c;
}

// A round step for about 5–8 grid lines up to `max`.
int NiceStep(int max) {
  int step = 1;
  for (int magnitude = 1;; magnitude *= 10)
    for (int m : {1, 2, 5}) {
      step = m * magnitude;
      if (max / step <= 7) return step;
    }
}

int Ceil(int v, int step) { return std::max(step, (v + step - 1) / step * step); }

// The chart's words as whoever built it gave them in English (an axis, the "end" tick, the
// ghost bank's line), in the table's words; another word is printed as it is.
std::string ChartWord(const std::string& word) {
  // TRANSLATORS: the score chart's axes and its last tick (the final scoring).
  if (word == "turn") return TrContext("chart", "turn");
  if (word == "command") return TrContext("chart", "command");
  if (word == "points") return TrContext("chart", "points");
  if (word == "end") return TrContext("chart", "end");
  if (word == "ghosts in the bank") return TrContext("chart", "ghosts in the bank");
  return word;
}

}  // namespace

ScoreChart ScoreChartFromEvents(const Game& game, std::string title) {
  ScoreChart chart;
  chart.title = std::move(title);
  int players = static_cast<int>(game.setup().players.size());
  int turns = game.turn();
  std::vector<std::vector<int>> gained(players, std::vector<int>(turns + 1, 0));
  std::vector<int> final_points(players, 0);
  bool has_final = false;
  for (const ScoreEvent& e : game.events()) {
    for (int p = 0; p < players && p < static_cast<int>(e.points.size()); ++p) {
      if (e.final) {
        final_points[p] += e.points[p];
      } else {
        gained[p][std::clamp(e.turn, 0, turns)] += e.points[p];
      }
    }
    has_final = has_final || e.final;
  }
  for (int t = 0; t <= turns; ++t) chart.x_ticks.push_back(std::to_string(t));
  if (has_final) chart.x_ticks.push_back("end");
  for (int p = 0; p < players; ++p) {
    ChartSeries s{game.setup().players[p].name, game.setup().players[p].color, {}, false};
    int sum = 0;
    for (int t = 0; t <= turns; ++t) s.values.push_back(sum += gained[p][t]);
    if (has_final) s.values.push_back(sum + final_points[p]);
    chart.players.push_back(std::move(s));
  }
  // Hook: the co-op ghost bank (Mists over Carcassonne) becomes chart.secondary here — one
  // value per turn, the bank after that turn's ghost events — once the game reports them.
  return chart;
}

std::string ScoreChartSvg(const ScoreChart& chart) {
  constexpr double kWidth = 860, kHeight = 460;
  const double left = 70, right = chart.secondary ? 80 : 40, top = 92, bottom = 64;
  const double plot_w = kWidth - left - right, plot_h = kHeight - top - bottom;
  const int n = static_cast<int>(chart.x_ticks.size());

  int max = 0;
  for (const ChartSeries& s : chart.players)
    for (int v : s.values) max = std::max(max, v);
  int step = NiceStep(max);
  int y_max = Ceil(max, step);
  auto x_at = [&](int i) { return n <= 1 ? left + plot_w / 2 : left + plot_w * i / (n - 1); };
  auto y_at = [&](double v, int top_value) { return top + plot_h * (1 - v / top_value); };

  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Num(kWidth) + "\" height=\"" +
         Num(kHeight) + "\" viewBox=\"0 0 " + Num(kWidth) + " " + Num(kHeight) +
         "\" font-family=\"DejaVu Sans, Verdana, Helvetica, Arial, sans-serif\">\n";
  out += "<title>" + XmlEscape(chart.title.empty() ? TrContext("chart", "scores") : chart.title) +
         "</title>\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  out +=
      Text(left, 32, chart.title, "font-size=\"20\" font-weight=\"bold\" fill=\"#2b2b2b\"") + "\n";

  // Legend: a short line and the name with the last value, per series.
  double lx = left;
  auto legend = [&](const ChartSeries& s, const std::string& color) {
    std::string label = s.name + (s.values.empty() ? "" : " " + std::to_string(s.values.back()));
    out += "<g class=\"legend-item\"><path d=\"M" + Num(lx) + ",57 h24\" stroke=\"" + color +
           "\" stroke-width=\"3\"" + (s.dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>" +
           Text(lx + 30, 62, label, "font-size=\"14\" fill=\"#2b2b2b\"") + "</g>";
    lx += 50 + 8.5 * static_cast<double>(label.size());
  };
  out += "<g class=\"legend\">";
  for (const ChartSeries& s : chart.players) legend(s, LineColor(s.color));
  if (chart.secondary) {  // not a player: its name is words ("ghosts in the bank")
    ChartSeries secondary = *chart.secondary;
    secondary.name = ChartWord(secondary.name);
    legend(secondary, LineColor(secondary.color));
  }
  out += "</g>\n";

  // Grid and axes.
  out += "<g class=\"axes\" font-size=\"12\" fill=\"#555555\">";
  for (int v = 0; v <= y_max; v += step) {
    double y = y_at(v, y_max);
    out += "<line x1=\"" + Num(left) + "\" y1=\"" + Num(y) + "\" x2=\"" + Num(left + plot_w) +
           "\" y2=\"" + Num(y) + "\" stroke=\"" + (v == 0 ? "#555555" : "#e3e0d8") + "\"/>";
    out += Text(left - 8, y + 4, std::to_string(v), "text-anchor=\"end\"");
  }
  out += "<line x1=\"" + Num(left) + "\" y1=\"" + Num(top) + "\" x2=\"" + Num(left) + "\" y2=\"" +
         Num(top + plot_h) + "\" stroke=\"#555555\"/>";
  int every = std::max(1, (n + 19) / 20);
  for (int i = 0; i < n; ++i) {
    if (i != n - 1 && (i % every != 0 || n - 1 - i < every)) continue;  // the last always
    double x = x_at(i);
    out += "<line x1=\"" + Num(x) + "\" y1=\"" + Num(top + plot_h) + "\" x2=\"" + Num(x) +
           "\" y2=\"" + Num(top + plot_h + 5) + "\" stroke=\"#555555\"/>";
    out += Text(x, top + plot_h + 19, ChartWord(chart.x_ticks[i]), "text-anchor=\"middle\"");
  }
  out += Text(left + plot_w / 2, kHeight - 18, ChartWord(chart.x_label),
              "text-anchor=\"middle\" font-size=\"14\" fill=\"#2b2b2b\"");
  out += "<text transform=\"translate(20," + Num(top + plot_h / 2) +
         ") rotate(-90)\" text-anchor=\"middle\" font-size=\"14\" fill=\"#2b2b2b\">" +
         XmlEscape(ChartWord(chart.y_label)) + "</text>";
  out += "</g>\n";

  auto draw = [&](const ChartSeries& s, int top_value, const std::string& cls) {
    std::string color = LineColor(s.color);
    std::string points;
    int count = std::min(n, static_cast<int>(s.values.size()));
    // Steps: a score holds until the turn that changes it.
    for (int i = 0; i < count; ++i) {
      if (i) points += " " + Num(x_at(i)) + "," + Num(y_at(s.values[i - 1], top_value));
      points += (i ? " " : "") + Num(x_at(i)) + "," + Num(y_at(s.values[i], top_value));
    }
    out += "<g class=\"" + cls + "\" data-name=\"" + XmlEscape(s.name) + "\">";
    if (count > 0) {
      out += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + color +
             "\" stroke-width=\"2.5\" stroke-linejoin=\"round\"" +
             (s.dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>";
      if (count <= 40)
        for (int i = 0; i < count; ++i)
          out += "<circle cx=\"" + Num(x_at(i)) + "\" cy=\"" + Num(y_at(s.values[i], top_value)) +
                 "\" r=\"2.6\" fill=\"" + color + "\"/>";
      out += Text(x_at(count - 1) + 7, y_at(s.values[count - 1], top_value) + 4,
                  std::to_string(s.values[count - 1]),
                  "font-size=\"12\" font-weight=\"bold\" fill=\"" + color + "\"");
    }
    out += "</g>\n";
  };
  for (const ChartSeries& s : chart.players) draw(s, y_max, "series");

  if (chart.secondary) {
    int smax = 0;
    for (int v : chart.secondary->values) smax = std::max(smax, v);
    int sstep = NiceStep(smax);
    int s_top = Ceil(smax, sstep);
    out += "<g class=\"secondary-axis\" font-size=\"12\" fill=\"#555555\"><line x1=\"" +
           Num(left + plot_w) + "\" y1=\"" + Num(top) + "\" x2=\"" + Num(left + plot_w) +
           "\" y2=\"" + Num(top + plot_h) + "\" stroke=\"#555555\"/>";
    for (int v = 0; v <= s_top; v += sstep)
      out += Text(left + plot_w + 8, y_at(v, s_top) + 4, std::to_string(v), "");
    out += "<text transform=\"translate(" + Num(kWidth - 16) + "," + Num(top + plot_h / 2) +
           ") rotate(90)\" text-anchor=\"middle\" font-size=\"14\" fill=\"#2b2b2b\">" +
           XmlEscape(ChartWord(chart.secondary_label)) + "</text></g>\n";
    ChartSeries dashed = *chart.secondary;
    dashed.dashed = true;
    draw(dashed, s_top, "secondary");
  }
  out += "</svg>\n";
  return out;
}

}  // namespace carcref
