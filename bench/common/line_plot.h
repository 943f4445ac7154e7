#pragma once
// A minimal line-chart writer for the benchmarks' figures (the CCD accuracy plots like seed 000
// figures 3.8 and 3.9, the stacking times): one PNG per chart, axes with tick labels, one coloured
// line per series and a legend.
#include <string>
#include <vector>

namespace sensu::bench {

struct PlotSeries {
    std::string name{};
    std::vector<double> y{};    ///< one value per x position (NaN = no data: the line breaks)
    unsigned char rgb[3] = {0, 0, 0};
};

struct LinePlot {
    std::string title{};
    std::string xLabel{};
    std::string yLabel{};
    std::vector<double> x{};     ///< x positions, ascending
    std::vector<std::string> xTickLabels{};  ///< optional: one label per x position instead of its number
    double yMin = 0.0, yMax = 100.0;
    std::vector<PlotSeries> series{};
};

/// Renders the chart (900 × 500 pixels) and writes it as PNG. Returns false when the file cannot be written.
bool WriteLinePlotPng(const LinePlot& plot, const std::string& path);

} // namespace sensu::bench
