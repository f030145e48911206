import { showError, showSuccess } from '../../components/ui/dialogs.ts';

/** How long the welcome alert stays before the page moves on. */
export const SUCCESS_ALERT_MS = 2000;

export interface AuthFlow {
  failureTitle: string;
  success: { title: string; text: string };
  messageOf: (failure: unknown) => string;
  setError: (message: string) => void;
  setBusy: (busy: boolean) => void;
  /** Where the page goes once the welcome alert has closed. */
  done: () => void;
}

/**
 * One sign-in or sign-up started from a page: the page shows it is busy; a failure is said inline and in an
 * alert, and the page can be used again; a success welcomes the member for two seconds, then moves on.
 */
export async function runAuth(operation: () => Promise<void>, flow: AuthFlow): Promise<void> {
  flow.setError('');
  flow.setBusy(true);
  try {
    await operation();
  } catch (failure) {
    const message = flow.messageOf(failure);
    flow.setError(message);
    flow.setBusy(false);
    await showError(flow.failureTitle, message);
    return;
  }
  await showSuccess(flow.success.title, flow.success.text, { timer: SUCCESS_ALERT_MS });
  flow.done();
}
