import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportConnection, resetConnectionForTests } from '../../lib/connection';
import { SubmitButton } from '../SubmitButton';

/** A form of one field with the app's submit button; `sent` is its submit handler. */
function renderForm(sent: (values: { amount: string }) => void) {
  render(
    <Form onFinish={sent} initialValues={{ amount: '12.5' }} footer={<SubmitButton busy={false} testId="send">Send</SubmitButton>}>
      <Form.Item name="amount" label="Amount">
        <Input />
      </Form.Item>
    </Form>,
  );
}

describe('the submit button of a form', () => {
  afterEach(() => resetConnectionForTests());

  it('sends nothing while the browser is offline, says so, and keeps what was typed', async () => {
    const sent = vi.fn();
    resetConnectionForTests(false);
    renderForm(sent);
    fireEvent.click(screen.getByTestId('send'));
    await waitFor(() => expect(screen.getByTestId('offline-note').hidden).toBe(false));
    expect(sent).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('12.5');
  });

  it('sends nothing while the link is down, and the note goes when it is back', async () => {
    const sent = vi.fn();
    renderForm(sent);
    act(() => {
      reportConnection({ type: 'connected' });
      reportConnection({ type: 'dropped' });
    });
    fireEvent.click(screen.getByTestId('send'));
    await waitFor(() => expect(screen.getByTestId('offline-note').hidden).toBe(false));
    act(() => reportConnection({ type: 'connected' }));
    await waitFor(() => expect(screen.getByTestId('offline-note').hidden).toBe(true));
    expect(sent).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('send'));
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ amount: '12.5' }));
  });
});
