import { useSyncExternalStore } from 'react';
import { toast } from 'react-toastify';

/**
 * Whether the server can be reached, as the last request found it: a request that got any answer
 * means yes, one that got none means no (the browser's own online flag misses a dead Wi-Fi). Screens
 * show "Sem conexão" with a way to retry instead of loading forever.
 */
let lastFailure = 0;
let lastAnswer = 0;
let clock = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function markConnection(answered: boolean) {
  const before = lastFailure > lastAnswer;
  clock += 1;
  if (answered) lastAnswer = clock;
  else lastFailure = clock;
  if (before !== lastFailure > lastAnswer) notify();
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
const hasProblem = () => browserOffline() || lastFailure > lastAnswer;
function subscribe(l: () => void) {
  listeners.add(l);
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    listeners.delete(l);
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
}

/** True while the browser is offline or the last request reached no server. */
export const useConnectionProblem = () => useSyncExternalStore(subscribe, hasProblem, () => false);

export const NO_CONNECTION = 'Sem conexão';

/**
 * A save that reached no server: a toast asks whether to send it again. Resolves true on 'Tentar
 * novamente', false when the toast is closed; the form keeps its text meanwhile.
 */
export function askToRetrySave(): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (retry: boolean) => {
      if (answered) return;
      answered = true;
      resolve(retry);
    };
    const id = toast.warn(
      ({ closeToast }) => (
        <div className="d-flex flex-column gap-2" role="alert">
          <div>
            <strong>{NO_CONNECTION}.</strong> Nada foi salvo ainda. Verifique sua internet e tente novamente.
          </div>
          <div>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => {
                answer(true);
                closeToast();
              }}
            >
              Tentar novamente
            </button>
          </div>
        </div>
      ),
      { autoClose: false, closeOnClick: false, draggable: false, onClose: () => answer(false) },
    );
    void id;
  });
}
