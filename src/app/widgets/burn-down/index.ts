export { BurnDownChart, burnDownSummary, type BurnDownChartProps } from './burn-down-chart.js';
export { burnDownLines, daysBetween, type BurnDownLines, type ChartPoint } from './geometry.js';
