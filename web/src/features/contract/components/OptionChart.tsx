/**
 * Live chart of the seconds-options screen (lightweight-charts): the market's
 * index price as the server recorded it over the last minutes (loaded when the
 * chart opens and after a reconnect) and as the ticker goes on reporting it
 * (indexLine.ts joins the two), with a price axis in the market's tick,
 * the user's open options of this market as lines at their entry price (with
 * the countdown to expiry) and a marker at the nearest expiry.
 *
 * Honest drawing: the line steps from one reported price to the next (no
 * smoothing, no slope between two ticks, so every level drawn was a price), and
 * options settle against the same index price. The time axis has one slot per
 * second, the last known price carried into seconds without a tick, so that
 * distance on the axis is time and the expiry marker sits where expiry will be.
 *
 * The chart is canvas; what a person reads off it (entries, countdowns, expiry)
 * is also rendered in the DOM below and over it, which the browser test checks.
 */
import {
  AreaSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  CrosshairMode,
  LineStyle,
  LineType,
  type AreaData,
  type AutoscaleInfo,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { decimalsOf, formatPrice } from '../../../lib/format';
import { priceLabel, refreshTickLabels, themeColor, tickLabels } from '../../../lib/priceAxis';
import { selectToken } from '../../../lib/session';
import { useGetOptionListQuery, useLazyGetIndexHistoryQuery, type OptionOrder } from '../api';
import { learnServerTime, serverNow, useServerNow } from '../clock';
import { addToLine, KEEP, lineOf, slotsOf } from '../indexLine';
import { onReconnect } from '../live';
import { formatCountdown, remainingMs } from '../logic';
import './OptionChart.css';

/** Seconds drawn past the expiry marker, so it is not on the chart's edge. */
const PAD_AFTER = 3;
/** An expiry further ahead than this is pinned to the right edge (the axis would squash the past). */
const MAX_AHEAD = 600;
/** Room (px) left of the first and right of the last slot, so no time label is cut at an edge. */
const EDGE = 24;
/** Open options of the user asked for (all markets; this chart keeps its own). */
const HOLDING = { type: 1, page: 1, limit: 50 } as const;

/** The chart's slots: the line up to now, then empty slots up to `until`. */
function series(symbol: string, now: number, until: number): Array<AreaData<Time> | WhitespaceData<Time>> {
  return slotsOf(lineOf(symbol), now, until).map((s) =>
    s.value === undefined ? { time: s.time as UTCTimestamp } : { time: s.time as UTCTimestamp, value: s.value },
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
function clockLabel(time: Time): string {
  const d = new Date((time as number) * 1000);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

interface Props {
  /** The market's id, for its recorded path. */
  matchId: number;
  symbol: string;
  /** The market's live index price (ticker). */
  price: string;
  /** When the index took `price` (the ticker's `time`, server clock, ms). */
  time?: number;
  /** The market's price step; labels show its decimals. */
  tick?: string;
  /** Duration picked in the form: where the expiry of an option bought now would be. */
  seconds: number;
}

interface Overlay {
  /** x of the expiry marker, null when off the chart. */
  expiryX: number | null;
  /** y of each entry line by option id. */
  entryY: Record<number, number | null>;
  /** First and last second the line is drawn over (null before it has a price). */
  drawn: { from: number; to: number } | null;
}

export function OptionChart({ matchId, symbol, price, time, seconds, tick }: Props) {
  const { t } = useTranslation();
  const token = useAppSelector(selectToken);
  const holding = useGetOptionListQuery(HOLDING, { skip: !token });
  const now = useServerNow(true);
  const sec = Math.floor(now / 1000);
  const step = tick || '0.01';

  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const line = useRef<ISeriesApi<'Area'> | null>(null);
  const markers = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const lines = useRef(new Map<number, IPriceLine>());
  /** Prices with a tag on the axis (last price, entries): no axis label under them. */
  const tags = useRef<number[]>([]);
  /** Entry prices of the open options, kept inside the autoscaled range. */
  const entries = useRef<number[]>([]);
  const formatter = useRef<ReturnType<typeof tickLabels> | null>(null);
  const [overlay, setOverlay] = useState<Overlay>({ expiryX: null, entryY: {}, drawn: null });
  /** Counts the loads of the recorded path, so the line is redrawn as one arrives. */
  const [loads, setLoads] = useState(0);
  const [loadHistory] = useLazyGetIndexHistoryQuery();

  // Open options of this market that have not expired yet (an expired one is settling: the lists show it).
  const open = useMemo(
    () =>
      (holding.data?.data ?? [])
        .filter((o: OptionOrder) => o.symbol === symbol && o.status === 0 && o.expires_at > sec * 1000)
        .sort((a, b) => a.expires_at - b.expires_at),
    [holding.data, symbol, sec],
  );
  const nearest = open[0];
  const expirySec = nearest ? Math.ceil(nearest.expires_at / 1000) : sec + seconds;
  const until = Math.min(expirySec, sec + MAX_AHEAD) + PAD_AFTER;
  // Countdowns of `open`, in its order, as the holding list shows them (same clock, same rounding).
  const countdowns = open.map((o) => formatCountdown(remainingMs(o.expires_at, now))).join(' ');

  // Each new ticker price is a point at the time the index took it (server clock).
  useEffect(() => {
    const at = time ?? serverNow();
    addToLine(symbol, [{ time: at, price }], Math.floor(at / 1000));
  }, [symbol, price, time]);

  // The path the server recorded, on opening and after every reconnect (the
  // ticks missed while away): the line does not begin at the first tick.
  useEffect(() => {
    let mounted = true;
    const load = () => {
      loadHistory({ match_id: matchId, seconds: KEEP })
        .unwrap()
        .then(
          (h) => {
            // A chart closed meanwhile has no use for it (and its answer may be gone with it).
            if (!mounted || !h || !Array.isArray(h.data)) return;
            // Its clock stamp puts "now" on the server's clock, as the points are.
            learnServerTime(h.time);
            addToLine(symbol, h.data, Math.floor(h.time / 1000));
            setLoads((n) => n + 1);
          },
          // Not had (offline, a market gone): the live ticks go on alone.
          () => undefined,
        );
    };
    load();
    const off = onReconnect(load);
    return () => {
      mounted = false;
      off();
    };
  }, [loadHistory, matchId, symbol]);

  useEffect(() => {
    if (!box.current) return;
    const text2 = themeColor('--bourse-text-2', '#929aa5');
    const border = themeColor('--bourse-border', '#2b3139');
    const primary = themeColor('--bourse-primary', '#f0b90b');
    const c = createChart(box.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: text2, fontSize: 12, attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { color: `${border}80` } },
      crosshair: { mode: CrosshairMode.Magnet, vertLine: { labelVisible: true }, horzLine: { labelVisible: true } },
      // Headroom above and below the line for the price tags; labels cut by an edge are left out.
      rightPriceScale: { borderColor: border, scaleMargins: { top: 0.2, bottom: 0.12 }, entireTextOnly: true },
      timeScale: {
        borderColor: border,
        timeVisible: true,
        secondsVisible: true,
        rightOffset: 0,
        tickMarkFormatter: clockLabel,
      },
      localization: { timeFormatter: clockLabel },
      // A live monitor: a finger on it scrolls the page, it does not pan the chart.
      handleScroll: false,
      handleScale: false,
    });
    const s = c.addSeries(AreaSeries, {
      lineColor: primary,
      lineWidth: 2,
      lineType: LineType.WithSteps,
      topColor: `${primary}33`,
      bottomColor: `${primary}00`,
      priceLineColor: primary,
      priceLineStyle: LineStyle.Dotted,
      crosshairMarkerRadius: 3,
      // The entry prices stay on screen even when the price has moved far from them.
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const res = original();
        if (!res?.priceRange) return res;
        const extra = entries.current;
        if (extra.length === 0) return res;
        return {
          ...res,
          priceRange: {
            minValue: Math.min(res.priceRange.minValue, ...extra),
            maxValue: Math.max(res.priceRange.maxValue, ...extra),
          },
        };
      },
    });
    chart.current = c;
    line.current = s;
    markers.current = createSeriesMarkers(s, []);
    const priceLines = lines.current;
    return () => {
      c.remove();
      chart.current = null;
      line.current = null;
      markers.current = null;
      formatter.current = null;
      priceLines.clear();
    };
  }, []);

  // The market's tick: precision of the series and the labels of the axis.
  useEffect(() => {
    const c = chart.current;
    const s = line.current;
    if (!c || !s) return;
    const label = priceLabel(step);
    formatter.current = tickLabels(() => line.current, () => tags.current, label, 16);
    s.applyOptions({ priceFormat: { type: 'price', precision: decimalsOf(step), minMove: Number(step) || 0.01 } });
    c.applyOptions({ localization: { priceFormatter: label, tickmarksPriceFormatter: formatter.current } });
  }, [step]);

  // Each second and each new price: the line up to now, the empty slots up to the
  // expiry marker, the axis labels clear of the tags, the overlay's positions.
  useEffect(() => {
    const c = chart.current;
    const s = line.current;
    if (!c || !s) return;
    const data = series(symbol, sec, until);
    s.setData(data);
    // Every slot on screen, the empty ones up to expiry included (fitContent
    // would stop at the last price), with EDGE px to spare at both ends.
    const width = c.timeScale().width();
    if (data.length > 1 && width > 2 * EDGE) {
      const spacing = (width - 2 * EDGE) / (data.length - 1);
      c.timeScale().setVisibleLogicalRange({ from: -EDGE / spacing, to: width / spacing - EDGE / spacing });
    } else c.timeScale().fitContent();

    entries.current = open.map((o) => Number(o.open_price));
    const last = lineOf(symbol).at(-1);
    tags.current = [last ? Number(last.price) : NaN, ...entries.current].filter(Number.isFinite);
    if (formatter.current) refreshTickLabels(c, formatter.current);

    // Positions are known once the chart has laid the new data out.
    const frame = requestAnimationFrame(() => {
      const entryY: Record<number, number | null> = {};
      for (const o of open) entryY[o.id] = s.priceToCoordinate(Number(o.open_price));
      const priced = data.filter((d) => 'value' in d);
      setOverlay({
        expiryX: c.timeScale().timeToCoordinate(Math.min(expirySec, until) as UTCTimestamp),
        entryY,
        drawn: priced.length > 0 ? { from: priced[0].time as number, to: priced[priced.length - 1].time as number } : null,
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [symbol, price, time, loads, sec, until, expirySec, open]);

  // The entry lines (title: the countdown) and the entry arrows, as the countdowns tick.
  useEffect(() => {
    const s = line.current;
    if (!s) return;
    const up = themeColor('--bourse-up', '#0ecb81');
    const down = themeColor('--bourse-down', '#f6465d');
    const left = countdowns.split(' ');
    const live = new Set(open.map((o) => o.id));
    for (const [id, pl] of lines.current) {
      if (!live.has(id)) {
        s.removePriceLine(pl);
        lines.current.delete(id);
      }
    }
    const points: SeriesMarker<Time>[] = [];
    const first = lineOf(symbol)[0]?.t ?? sec;
    open.forEach((o, i) => {
      const rise = o.type === 1;
      const title = `${rise ? '▲' : '▼'} ${left[i] ?? ''}`;
      const existing = lines.current.get(o.id);
      if (existing) existing.applyOptions({ title });
      else
        lines.current.set(
          o.id,
          s.createPriceLine({ price: Number(o.open_price), color: rise ? up : down, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true, title }),
        );
      const opened = Math.floor(o.opened_at / 1000);
      if (opened >= Math.max(first, sec - KEEP + 1) && opened <= sec) {
        // At the entry price itself (the line may have moved within that second).
        points.push({
          time: opened as UTCTimestamp,
          position: rise ? 'atPriceBottom' : 'atPriceTop',
          price: Number(o.open_price),
          shape: rise ? 'arrowUp' : 'arrowDown',
          color: rise ? up : down,
          size: 1,
        });
      }
    });
    markers.current?.setMarkers(points.sort((a, b) => (a.time as number) - (b.time as number)));
  }, [symbol, sec, open, countdowns]);

  const hasPrice = lineOf(symbol).length > 0 || Number(price) > 0;
  const expiryLeft = nearest ? formatCountdown(remainingMs(nearest.expires_at, now)) : t('contract.secondsValue', { count: seconds });

  return (
    <div className="ct-ochart-wrap">
      <div
        className="ct-ochart"
        data-testid="ct-chart"
        data-from={overlay.drawn?.from ?? ''}
        data-to={overlay.drawn?.to ?? ''}
      >
        <div ref={box} className="ct-ochart-canvas" data-testid="ct-chart-canvas" />
        {overlay.expiryX !== null ? (
          <div
            className={`ct-ochart-expiry ${nearest ? (nearest.type === 1 ? 'up' : 'down') : ''}`}
            style={{ left: overlay.expiryX }}
            data-testid="ct-chart-expiry"
            data-open={nearest ? 'true' : 'false'}
          >
            <span>
              {t('contract.chartExpiry')} {expiryLeft}
            </span>
          </div>
        ) : null}
        {hasPrice ? null : <div className="ct-ochart-waiting">{t('contract.chartWaiting')}</div>}
      </div>
      {open.length > 0 ? (
        <div className="ct-ochart-entries" data-testid="ct-chart-entries">
          {open.map((o) => {
            const rise = o.type === 1;
            const y = overlay.entryY[o.id];
            return (
              <div
                key={o.id}
                className={`ct-ochart-entry ${rise ? 'up' : 'down'}`}
                data-testid="ct-chart-entry"
                data-id={o.id}
                data-y={y ?? ''}
              >
                <i aria-hidden="true">{rise ? '▲' : '▼'}</i>
                <span className="ellipsis">{rise ? t('contract.rise') : t('contract.fall')}</span>
                <b>{formatPrice(o.open_price, tick)}</b>
                <span className="ct-ochart-left">{formatCountdown(remainingMs(o.expires_at, now))}</span>
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
