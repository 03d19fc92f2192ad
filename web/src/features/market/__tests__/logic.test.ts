import { describe, expect, it } from 'vitest';
import type { MarketRow } from '../../../shared/market/api';
import { applyTickers, normaliseSymbol } from '../../../shared/market/api';
import { pushRecent } from '../../../shared/market/recent';
import { hotMovers, liveFavourites, parseTab, rowsOfTab, searchRows } from '../logic';

function row(match_id: number, symbol: string, market_type: string, change: string, open_lever = false): MarketRow {
  const [base, quote] = symbol.split('/');
  return {
    match_id,
    currency_id: match_id,
    legal_id: 3,
    symbol,
    currency_name: base,
    legal_name: quote,
    now_price: '1',
    change,
    volume: '1',
    amount: '1',
    high: '1',
    low: '1',
    logo: '',
    market_type,
    open_transaction: true,
    open_lever,
    open_microtrade: false,
    tick: '0.01',
    lot: '0.0001',
    min_qty: '0.0001',
  };
}

const rows = [
  row(1, 'BTC/USDT', 'coin', '+1.20', true),
  row(2, 'ETH/USDT', 'coin', '-3.5', true),
  row(3, 'TRX/USDT', 'coin', '0.00'),
  row(101, 'AAPL/USDT', 'stock', '+0.4'),
  row(102, 'TSLA/USDT', 'stock', '-7'),
];

describe('market tabs', () => {
  it('reads the tab from the query, stock included', () => {
    expect(parseTab('stock')).toBe('stock');
    expect(parseTab('futures')).toBe('futures');
    expect(parseTab('favourite')).toBe('favourite');
    expect(parseTab('optional')).toBe('favourite');
    expect(parseTab(null)).toBe('coin');
    expect(parseTab('nonsense')).toBe('coin');
  });

  it('futures are rows with open_lever; coins and stocks by market type', () => {
    expect(rowsOfTab(rows, 'futures').map((r) => r.symbol)).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(rowsOfTab(rows, 'coin')).toHaveLength(3);
    expect(rowsOfTab(rows, 'stock').map((r) => r.symbol)).toEqual(['AAPL/USDT', 'TSLA/USDT']);
  });

  it('favourites show the live row when there is one', () => {
    const stale = { ...rows[0], now_price: '0.5' };
    expect(liveFavourites([stale], rows)[0].now_price).toBe('1');
    expect(liveFavourites([stale], undefined)[0].now_price).toBe('0.5');
  });
});

describe('search', () => {
  it('matches symbol or coin name, prefix matches first', () => {
    expect(searchRows(rows, 'eth').map((r) => r.symbol)).toEqual(['ETH/USDT']);
    expect(searchRows(rows, 'btc/usdt').map((r) => r.symbol)).toEqual(['BTC/USDT']);
    expect(searchRows(rows, 'T').map((r) => r.symbol)).toEqual(['TRX/USDT', 'TSLA/USDT', 'BTC/USDT', 'ETH/USDT', 'AAPL/USDT']);
    expect(searchRows(rows, '  ')).toEqual([]);
  });

  it('hot searches are the biggest movers either way', () => {
    expect(hotMovers(rows, 3).map((r) => r.symbol)).toEqual(['TSLA/USDT', 'ETH/USDT', 'BTC/USDT']);
  });

  it('recent views: newest first, no duplicates, limited', () => {
    expect(pushRecent(['A', 'B', 'C'], 'B')).toEqual(['B', 'A', 'C']);
    expect(pushRecent(['A', 'B'], 'C', 2)).toEqual(['C', 'A']);
  });
});

describe('tickers', () => {
  it('update known markets in place and append new ones', () => {
    const list = rows.slice(0, 2).map((r) => ({ ...r }));
    applyTickers(list, [{ ...rows[0], now_price: '2', change: '+5' }, rows[3]]);
    expect(list.map((r) => r.symbol)).toEqual(['BTC/USDT', 'ETH/USDT', 'AAPL/USDT']);
    expect(list[0]).toMatchObject({ now_price: '2', change: '+5' });
  });

  it('normalises URL symbols', () => {
    expect(normaliseSymbol('btc_usdt')).toBe('BTC/USDT');
    expect(normaliseSymbol(' eth/usdt ')).toBe('ETH/USDT');
    expect(normaliseSymbol(null)).toBe('');
  });
});
