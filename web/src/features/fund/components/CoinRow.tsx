/**
 * A coin's row in the Assets lists (the accounts' balances, the mining tab's
 * principal): its icon, name and a figure beside them, two labelled amounts
 * under them, the whole row opening the coin's details.
 */
import type { ReactNode } from 'react';
import { CoinIcon } from '../../../components/CoinIcon';

export interface CoinColumn {
  label: string;
  value: ReactNode;
  testId?: string;
}

export function CoinRow({ image, name, value, columns, onOpen, testId }: { image?: string | null; name: string; value: ReactNode; columns: CoinColumn[]; onOpen: () => void; testId: string }) {
  return (
    <button type="button" className="funds-coin-row" onClick={onOpen} data-testid={testId}>
      <span className="funds-coin-head">
        <CoinIcon src={image} name={name} />
        <span className="funds-coin-name ellipsis">{name}</span>
        <span className="funds-coin-value ellipsis">{value}</span>
      </span>
      <span className="funds-coin-cols">
        {columns.map((c) => (
          <span className="funds-col" key={c.label}>
            <span className="funds-col-label ellipsis">{c.label}</span>
            <span className="funds-col-value" data-testid={c.testId}>
              {c.value}
            </span>
          </span>
        ))}
      </span>
    </button>
  );
}
