import { TOAST_DEFAULT_MS } from '@onair/core';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import '../styles/toast.css';

interface ToastMessage {
  id: number;
  text: string;
}

interface ToastApi {
  /** Shows `text` at the bottom for `durationMs` (spec §9: 3 s by default); a newer toast replaces it. */
  show: (text: string, durationMs?: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const nextId = useRef(0);

  const show = useCallback((text: string, durationMs: number = TOAST_DEFAULT_MS) => {
    clearTimeout(timer.current);
    nextId.current += 1;
    setMessage({ id: nextId.current, text });
    timer.current = setTimeout(() => setMessage(null), durationMs);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Always in the page so screen readers hear each new message in the live region. */}
      <div className="toast-region" role="status" aria-live="polite">
        {message ? (
          <p key={message.id} className="toast">
            {message.text}
          </p>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>');
  return api;
}
