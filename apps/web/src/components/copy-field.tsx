import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';

/**
 * A read-only text with a copy button (a PIX code, a link). The button says 'Copiado' only when the
 * clipboard took the text; where the browser refuses it, the text is selected for the user to copy.
 */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const done = await (navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'))).then(
      () => true,
      () => false,
    );
    setCopied(done);
    if (!done) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.select();
    }
  };
  return (
    <>
      <Form.Label htmlFor={id} className="small text-body-secondary mb-1">
        {label}
      </Form.Label>
      <InputGroup>
        <Form.Control id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <Button variant="outline-primary" onClick={() => void copy()}>
          {copied ? 'Copiado' : 'Copiar'}
        </Button>
      </InputGroup>
    </>
  );
}
