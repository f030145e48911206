import type { SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import { intl } from '../../lib/i18n.ts';

// Every alert in the app goes through these four helpers so the look and the button texts stay consistent.
// SweetAlert2 is loaded on first use so it stays out of the initial bundle.
async function fire(options: SweetAlertOptions): Promise<SweetAlertResult> {
  const { default: Swal } = await import('sweetalert2');
  return Swal.fire(options);
}

const buttonColors = { confirmButtonColor: '#4f46e5', cancelButtonColor: '#6b7280' };

export async function showSuccess(
  title: string,
  text?: string,
  opts: { timer?: number; confirmText?: string } = {},
): Promise<boolean> {
  const autoClose = opts.timer !== undefined && opts.confirmText === undefined;
  const result = await fire({
    icon: 'success',
    title,
    text,
    timer: opts.timer,
    timerProgressBar: autoClose,
    showConfirmButton: !autoClose,
    confirmButtonText: opts.confirmText ?? intl().formatMessage({ id: 'common.ok' }),
    ...buttonColors,
  });
  return result.isConfirmed;
}

export async function showError(title: string, text: string): Promise<void> {
  await fire({ icon: 'error', title, text, ...buttonColors });
}

export async function showWarning(title: string, text: string): Promise<void> {
  await fire({ icon: 'warning', title, text, ...buttonColors });
}

export async function confirmAction(opts: {
  title: string;
  text: string;
  confirmText: string;
  cancelText?: string;
  icon?: 'warning' | 'question';
}): Promise<boolean> {
  const result = await fire({
    icon: opts.icon ?? 'warning',
    title: opts.title,
    text: opts.text,
    showCancelButton: true,
    confirmButtonText: opts.confirmText,
    cancelButtonText: opts.cancelText ?? intl().formatMessage({ id: 'common.cancel' }),
    ...buttonColors,
  });
  return result.isConfirmed;
}
