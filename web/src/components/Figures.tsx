/**
 * The figures of the product screens' cards (components/ui.css): a label over
 * its value, and a label and its value on one line (what qualifies a value,
 * `<span className="ui-sub">`, goes under it). `color` tints the value (a
 * gain, a penalty); `strong` marks the line that matters most.
 */
import type { ReactNode } from 'react';
import './ui.css';

interface FigureProps {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
  color?: string;
}

/** A label over its value; `end` aligns it to the right (beside a card's big figure). */
export function Figure({ label, children, testId, color, end }: FigureProps & { end?: boolean }) {
  return (
    <div className={end ? 'ui-figure ui-figure-end' : 'ui-figure'}>
      <span className="ui-figure-label">{label}</span>
      <b className="ui-figure-value" style={color ? { color } : undefined} data-testid={testId}>
        {children}
      </b>
    </div>
  );
}

/** A label and its value on one line. */
export function Line({ label, children, testId, color, strong }: FigureProps & { strong?: boolean }) {
  return (
    <div className="ui-line">
      <span className="ui-line-label">{label}</span>
      <span className={strong ? 'ui-line-value ui-em' : 'ui-line-value'} style={color ? { color } : undefined} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}
