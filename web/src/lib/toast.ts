/** Toasts with the spec's duration. */
import { Toast } from 'antd-mobile';
import { TOAST_MS } from './constants';

export function showToast(content: string, icon?: 'success' | 'fail') {
  Toast.show({ content, icon, duration: TOAST_MS });
}
