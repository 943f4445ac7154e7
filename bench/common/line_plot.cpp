#include "line_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

// stb is compiled into this file only, with internal linkage, so the bench needs no stb library.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wpedantic"
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>
#include <stb/stb_easy_font.h>
#pragma GCC diagnostic pop

namespace sensu::bench {

namespace {

constexpr int kWidth = 900;
constexpr int kHeight = 500;
constexpr int kLeft = 80, kRight = 290, kTop = 60, kBottom = 60;

struct Canvas {
    std::vector<unsigned char> rgb = std::vector<unsigned char>(kWidth * kHeight * 3, 255);

    void Set(int x, int y, const unsigned char c[3]) {
        if (x < 0 || y < 0 || x >= kWidth || y >= kHeight) return;
        unsigned char* p = &rgb[(static_cast<size_t>(y) * kWidth + x) * 3];
        p[0] = c[0];
        p[1] = c[1];
        p[2] = c[2];
    }
    void Fill(int x0, int y0, int x1, int y1, const unsigned char c[3]) {
        for (int y = std::min(y0, y1); y <= std::max(y0, y1); ++y)
            for (int x = std::min(x0, x1); x <= std::max(x0, x1); ++x) Set(x, y, c);
    }
    // Thick line by stepping along the longer axis and stamping a small square.
    void Line(double x0, double y0, double x1, double y1, int thickness, const unsigned char c[3]) {
        const int steps = static_cast<int>(std::max(std::abs(x1 - x0), std::abs(y1 - y0))) + 1;
        for (int i = 0; i <= steps; ++i) {
            const double t = static_cast<double>(i) / steps;
            const int x = static_cast<int>(std::lround(x0 + t * (x1 - x0)));
            const int y = static_cast<int>(std::lround(y0 + t * (y1 - y0)));
            Fill(x - thickness / 2, y - thickness / 2, x + (thickness - 1) / 2, y + (thickness - 1) / 2, c);
        }
    }
    // Text from stb_easy_font's quads, scaled by an integer factor.
    void Text(int x, int y, const std::string& text, int scale, const unsigned char c[3]) {
        static char buffer[60000];
        std::string copy = text;
        const int quads = stb_easy_font_print(0.0f, 0.0f, copy.data(), nullptr, buffer, sizeof(buffer));
        for (int q = 0; q < quads; ++q) {
            const float* v0 = reinterpret_cast<const float*>(buffer + q * 64);
            const float* v2 = reinterpret_cast<const float*>(buffer + q * 64 + 32);
            Fill(x + static_cast<int>(v0[0] * scale), y + static_cast<int>(v0[1] * scale),
                 x + static_cast<int>(v2[0] * scale) - 1, y + static_cast<int>(v2[1] * scale) - 1, c);
        }
    }
    static int TextWidth(const std::string& text, int scale) {
        std::string copy = text;
        return stb_easy_font_width(copy.data()) * scale;
    }
};

std::string Format(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, std::abs(v - std::round(v)) < 1e-9 ? "%.0f" : "%.1f", v);
    return buf;
}

} // namespace

bool WriteLinePlotPng(const LinePlot& plot, const std::string& path) {
    Canvas canvas;
    const unsigned char black[3] = {0, 0, 0}, grey[3] = {220, 220, 220};
    const int plotW = kWidth - kLeft - kRight, plotH = kHeight - kTop - kBottom;
    const double x0 = plot.x.empty() ? 0.0 : plot.x.front();
    const double x1 = plot.x.empty() ? 1.0 : plot.x.back();
    auto px = [&](double x) { return kLeft + (x1 > x0 ? (x - x0) / (x1 - x0) : 0.5) * plotW; };
    auto py = [&](double y) { return kTop + plotH - (y - plot.yMin) / (plot.yMax - plot.yMin) * plotH; };

    // Grid and y ticks (ten intervals), x ticks at up to 7 positions (every position when labelled).
    for (int i = 0; i <= 10; ++i) {
        const double y = plot.yMin + (plot.yMax - plot.yMin) * i / 10.0;
        canvas.Line(kLeft, py(y), kLeft + plotW, py(y), 1, grey);
        const std::string label = Format(y);
        canvas.Text(kLeft - 8 - Canvas::TextWidth(label, 2), static_cast<int>(py(y)) - 6, label, 2, black);
    }
    const bool labelled = plot.xTickLabels.size() == plot.x.size();
    const size_t stride = labelled ? 1 : std::max<size_t>(1, (plot.x.size() + 6) / 7);
    for (size_t i = 0; i < plot.x.size(); i += stride) {
        canvas.Line(px(plot.x[i]), kTop, px(plot.x[i]), kTop + plotH, 1, grey);
        const std::string label = labelled ? plot.xTickLabels[i] : Format(plot.x[i]);
        canvas.Text(static_cast<int>(px(plot.x[i])) - Canvas::TextWidth(label, 2) / 2, kTop + plotH + 8, label, 2, black);
    }
    canvas.Line(kLeft, kTop, kLeft, kTop + plotH, 2, black);
    canvas.Line(kLeft, kTop + plotH, kLeft + plotW, kTop + plotH, 2, black);
    canvas.Text(kLeft, 10, plot.title, 2, black);
    canvas.Text(kLeft + plotW / 2 - Canvas::TextWidth(plot.xLabel, 2) / 2, kHeight - 25, plot.xLabel, 2, black);
    canvas.Text(8, kTop - 24, plot.yLabel, 2, black);

    for (size_t s = 0; s < plot.series.size(); ++s) {
        const PlotSeries& series = plot.series[s];
        for (size_t i = 0; i + 1 < series.y.size() && i + 1 < plot.x.size(); ++i) {
            if (std::isnan(series.y[i]) || std::isnan(series.y[i + 1])) continue;
            canvas.Line(px(plot.x[i]), py(series.y[i]), px(plot.x[i + 1]), py(series.y[i + 1]), 3, series.rgb);
        }
        const int ly = kTop + 10 + static_cast<int>(s) * 26;
        canvas.Fill(kLeft + plotW + 12, ly + 4, kLeft + plotW + 34, ly + 8, series.rgb);
        canvas.Text(kLeft + plotW + 40, ly, series.name, 2, black);
    }
    return stbi_write_png(path.c_str(), kWidth, kHeight, 3, canvas.rgb.data(), kWidth * 3) != 0;
}

} // namespace sensu::bench
