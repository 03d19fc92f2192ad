/**
 * The security screen's devices: listed with this device marked, another one
 * logged out after a confirmation, every other one at once, and the loading
 * failure offering a retry.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addEnglish, fakeServer, okAnswer, renderScreen } from '../../../test/screens';
import type { DeviceSession } from '../api';
import { DevicesSection } from '../components/DevicesSection';
import settingEn from '../locales/en.json';

const EN = settingEn.devices;

const PHONE: DeviceSession = {
  id: 11,
  browser: 'Safari',
  os: 'iOS',
  mobile: true,
  ip: '203.0.113.x',
  created_at: Date.UTC(2026, 10, 1, 8),
  last_seen_at: Date.UTC(2026, 10, 28, 9),
  expires_at: Date.UTC(2026, 11, 5),
  current: true,
};
const LAPTOP: DeviceSession = { ...PHONE, id: 12, browser: 'Chrome', os: 'Windows', mobile: false, current: false };
const UNKNOWN: DeviceSession = { ...PHONE, id: 13, browser: '', os: '', mobile: false, ip: '', current: false };

beforeAll(() => addEnglish(settingEn));
afterEach(() => {
  vi.unstubAllGlobals();
  Dialog.clear();
});

/**
 * The confirmation on screen: the newest one (antd-mobile's dialogs live in
 * the document body, and a closed one stays while its animation runs).
 */
async function confirmation(): Promise<HTMLElement> {
  const shown = await screen.findAllByTestId('devices-confirm');
  return shown.at(-1)?.closest('.adm-center-popup-wrap') as HTMLElement;
}

/** A fake server holding `sessions`; ending calls remove what they end. */
function serverWith(initial: DeviceSession[], { failList = false } = {}) {
  let sessions = [...initial];
  const calls: string[] = [];
  const fetchMock = fakeServer((url, init) => {
    const path = new URL(url, 'http://x').pathname;
    calls.push(path);
    if (path.endsWith('/safe/sessions')) {
      if (failList) return new Response(JSON.stringify({ type: 'error', message: 'down' }), { status: 500 });
      return okAnswer(sessions);
    }
    if (path.endsWith('/safe/sessions/end')) {
      const id = Number(new URLSearchParams(String(init?.body ?? '')).get('id'));
      sessions = sessions.filter((s) => s.id !== id);
      return okAnswer({ ended: 1, current: false });
    }
    if (path.endsWith('/safe/sessions/end_others')) {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return okAnswer({ ended, current: false });
    }
    return undefined;
  });
  return { fetchMock, calls };
}

describe('DevicesSection', () => {
  it('lists the devices with this one marked, and names what the user agent did not say', async () => {
    serverWith([PHONE, LAPTOP, UNKNOWN]);
    renderScreen(<DevicesSection />);
    const rows = await screen.findAllByTestId('device');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveAttribute('data-current', 'true');
    expect(within(rows[0]).getByText('Safari · iOS')).toBeInTheDocument();
    expect(within(rows[0]).getByText(EN.thisDevice)).toBeInTheDocument();
    expect(within(rows[0]).getByText('Network 203.0.113.x')).toBeInTheDocument();
    expect(within(rows[0]).queryByTestId('device-log-out')).toBeNull();
    expect(within(rows[2]).getByText(`${EN.unknownBrowser} · ${EN.unknownSystem}`)).toBeInTheDocument();
    expect(within(rows[2]).getByText(`Network ${EN.unknownPlace}`)).toBeInTheDocument();
  });

  it('logs one other device out after a confirmation', async () => {
    const { calls } = serverWith([PHONE, LAPTOP]);
    renderScreen(<DevicesSection />);
    const rows = await screen.findAllByTestId('device');
    fireEvent.click(within(rows[1]).getByTestId('device-log-out'));
    const dialog = await confirmation();
    expect(dialog).toHaveTextContent('Log out Chrome · Windows?');
    fireEvent.click(within(dialog).getByText(EN.logOut));
    await waitFor(() => expect(screen.getAllByTestId('device')).toHaveLength(1));
    expect(calls.filter((c) => c.endsWith('/safe/sessions/end'))).toHaveLength(1);
    expect(screen.getByTestId('devices-only-this')).toHaveTextContent(EN.onlyThis);
  });

  it('logs every other device out at once, and not before the confirmation', async () => {
    const { calls } = serverWith([PHONE, LAPTOP, UNKNOWN]);
    renderScreen(<DevicesSection />);
    fireEvent.click(await screen.findByTestId('devices-log-out-others'));
    const dialog = await confirmation();
    expect(dialog).toHaveTextContent(EN.confirmOthers);
    // Cancelling ends nothing.
    fireEvent.click(within(dialog).getByText('Cancel'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.endsWith('/end_others'))).toBe(false);
    expect(screen.getAllByTestId('device')).toHaveLength(3);

    fireEvent.click(screen.getByTestId('devices-log-out-others'));
    fireEvent.click(within(await confirmation()).getByText(EN.logOut));
    await waitFor(() => expect(screen.getAllByTestId('device')).toHaveLength(1));
    expect(calls.filter((c) => c.endsWith('/end_others'))).toHaveLength(1);
    expect(screen.getByTestId('device')).toHaveAttribute('data-current', 'true');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const { fetchMock } = serverWith([PHONE], { failList: true });
    renderScreen(<DevicesSection />);
    const retry = await screen.findByRole('button', { name: /retry/i });
    const before = fetchMock.mock.calls.length;
    fireEvent.click(retry);
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(before));
  });
});
