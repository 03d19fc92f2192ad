/**
 * A card that opens something else (a product's page): the whole card is the
 * link, opened by a tap or by Enter when it has the focus (components/ui.css).
 * Other attributes (`data-testid`, `data-id`…) go on the card. A div: an
 * article may not take the link role.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import './ui.css';

type Props = { onOpen: () => void; className?: string; children: ReactNode } & Omit<HTMLAttributes<HTMLElement>, 'onClick' | 'onKeyDown' | 'role' | 'tabIndex'>;

export function TapCard({ onOpen, className, children, ...rest }: Props) {
  return (
    <div
      className={className ? `ui-card ui-tap ${className}` : 'ui-card ui-tap'}
      role="link"
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(e) => (e.key === 'Enter' ? onOpen() : undefined)}
      {...rest}
    >
      {children}
    </div>
  );
}
