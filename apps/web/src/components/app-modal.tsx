import { useId, type ReactNode } from 'react';
import { Modal, type ModalProps } from 'react-bootstrap';

interface AppModalProps extends Omit<ModalProps, 'title'> {
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Static: no close by backdrop click or Esc (the address modal). */
  isStatic?: boolean;
}

/** Every modal of the app: full screen below 576 px. */
export function AppModal({ title, children, footer, isStatic, ...rest }: AppModalProps) {
  const titleId = useId();
  return (
    <Modal
      fullscreen="sm-down"
      centered
      aria-labelledby={titleId}
      {...(isStatic ? { backdrop: 'static' as const, keyboard: false } : {})}
      {...rest}
    >
      <Modal.Header closeButton closeLabel="Fechar">
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      {footer && <Modal.Footer>{footer}</Modal.Footer>}
    </Modal>
  );
}
