import { useState, type ReactNode } from 'react';
import { Button, Spinner, type ButtonProps } from 'react-bootstrap';

interface ActionButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** Runs on click; the button stays disabled with a spinner until the promise settles. */
  action: () => Promise<unknown> | unknown;
  children: ReactNode;
}

export function ActionButton({ action, children, disabled, ...rest }: ActionButtonProps) {
  const [running, setRunning] = useState(false);
  const onClick = async () => {
    setRunning(true);
    try {
      await action();
    } catch {
      // The action reports its own errors (toast, field); the button only re-enables.
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button {...rest} disabled={disabled || running} aria-busy={running} onClick={onClick}>
      {running && <Spinner size="sm" className="me-2" aria-hidden data-testid="action-spinner" />}
      {children}
    </Button>
  );
}
