/**
 * Candlestick chart (lightweight-charts, dark theme) with volume bars below.
 * The history is drawn once per market and period; afterwards only the
 * forming bar is updated, so live ticks do not redraw the whole chart.
 * Numbers are converted to floats here for drawing only.
 *
 * The price axis: labels in the market's tick with separators, none that an
 * edge would cut (`entireTextOnly`) or the last-price tag would half cover
 * (lib/priceAxis.ts), and room above the highest candle for its label.
 */
import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { decimalsOf } from '../../../lib/format';
import { priceLabel, refreshTickLabels, tickLabels } from '../../../lib/priceAxis';
import type { Bar, Period } from '../kline';

const UP = '#0ecb81';
const DOWN = '#f6465d';

const pad = (n: number) => String(n).padStart(2, '0');

function localDate(time: Time): Date {
  return new Date((time as number) * 1000);
}

function crosshairLabel(time: Time): string {
  const d = localDate(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function tickLabel(time: Time, type: TickMarkType): string {
  const d = localDate(time);
  switch (type) {
    case TickMarkType.Year:
      return String(d.getFullYear());
    case TickMarkType.Month:
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
    case TickMarkType.DayOfMonth:
      return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    default:
      return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }
}

function candle(bar: Bar) {
  return {
    time: bar.id as UTCTimestamp,
    open: Number(bar.open),
    high: Number(bar.high),
    low: Number(bar.low),
    close: Number(bar.close),
  };
}

function volume(bar: Bar) {
  const up = Number(bar.close) >= Number(bar.open);
  return { time: bar.id as UTCTimestamp, value: Number(bar.volume), color: up ? 'rgba(14,203,129,0.35)' : 'rgba(246,70,93,0.35)' };
}

interface Props {
  bars: Bar[];
  tick: string;
  period: Period;
  /** Changes when a new history replaces the old one (market or period). */
  seriesKey: string;
}

export function KlineChart({ bars, tick, period, seriesKey }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumes = useRef<ISeriesApi<'Histogram'> | null>(null);
  const drawn = useRef<{ key: string; count: number; first: number } | null>(null);
  /** The last close, where the chart draws its price tag. */
  const lastClose = useRef<number[]>([]);
  const formatter = useRef<ReturnType<typeof tickLabels> | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const c = createChart(box.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: '#929aa5',
        fontSize: 12,
        attributionLogo: false,
      },
      grid: { vertLines: { color: 'rgba(43,49,57,0.5)' }, horzLines: { color: 'rgba(43,49,57,0.5)' } },
      crosshair: { mode: CrosshairMode.Normal },
      // Top: room for the label of the highest price; bottom: the volume bars below the candles.
      rightPriceScale: { borderColor: '#2b3139', scaleMargins: { top: 0.12, bottom: 0.24 }, entireTextOnly: true },
      timeScale: { borderColor: '#2b3139', rightOffset: 3, barSpacing: 7, timeVisible: true, secondsVisible: false, tickMarkFormatter: tickLabel },
      localization: { timeFormatter: crosshairLabel },
      handleScale: { axisPressedMouseMove: false },
    });
    candles.current = c.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      wickUpColor: UP,
      wickDownColor: DOWN,
      borderVisible: false,
    });
    volumes.current = c.addSeries(HistogramSeries, { priceScaleId: '', priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false });
    volumes.current.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    chart.current = c;
    return () => {
      c.remove();
      chart.current = null;
      candles.current = null;
      volumes.current = null;
      drawn.current = null;
      formatter.current = null;
    };
  }, []);

  useEffect(() => {
    const places = decimalsOf(tick);
    const label = priceLabel(tick);
    // 15 px: half the tag's height plus half a label's, at the 10 px axis font.
    formatter.current = tickLabels(() => candles.current, () => lastClose.current, label, 15);
    candles.current?.applyOptions({ priceFormat: { type: 'price', precision: places, minMove: Number(tick) || 0.01 } });
    chart.current?.applyOptions({ localization: { priceFormatter: label, tickmarksPriceFormatter: formatter.current } });
  }, [tick]);

  useEffect(() => {
    chart.current?.applyOptions({ timeScale: { timeVisible: !['1day', '1week', '1mon'].includes(period) } });
  }, [period]);

  useEffect(() => {
    const cs = candles.current;
    const vs = volumes.current;
    if (!cs || !vs) return;
    const prev = drawn.current;
    const first = bars[0]?.id ?? 0;
    const live =
      prev && prev.key === seriesKey && prev.first === first && (bars.length === prev.count || bars.length === prev.count + 1);
    if (live && prev && bars.length > 0) {
      // The bar that was last may have moved before the new one opened: finish it first.
      const from = Math.max(prev.count - 1, 0);
      for (const bar of bars.slice(from)) {
        cs.update(candle(bar));
        vs.update(volume(bar));
      }
    } else {
      cs.setData(bars.map(candle));
      vs.setData(bars.map(volume));
      if (!prev || prev.key !== seriesKey) chart.current?.timeScale().scrollToRealTime();
    }
    drawn.current = { key: seriesKey, count: bars.length, first };
    // The price tag moved with the last close: the axis labels it covers change.
    const close = Number(bars[bars.length - 1]?.close);
    if (Number.isFinite(close) && close !== lastClose.current[0]) {
      lastClose.current = [close];
      if (chart.current && formatter.current) refreshTickLabels(chart.current, formatter.current);
    }
    // Which history the candles on screen are (for the end-to-end test).
    if (bars.length > 0) box.current?.setAttribute('data-series', seriesKey);
    else box.current?.removeAttribute('data-series');
  }, [bars, seriesKey]);

  return <div ref={box} className="kline-chart" data-testid="kline-chart" data-live />;
}
