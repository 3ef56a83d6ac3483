import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';

interface SearchBoxProps {
  /** The applied search (e.g. the list filter's q). */
  value: string | undefined;
  /** Called after the user stops typing (300 ms), on Enter, and with '' on clear. */
  onChange(q: string): void;
  placeholder?: string;
}

/** The list search box: 'Digite para pesquisar' with a clear button. */
export function SearchBox({ value = '', onChange, placeholder = 'Digite para pesquisar' }: SearchBoxProps) {
  const [text, setText] = useState(value);
  // A change from outside (filter cleared elsewhere) shows in the box.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const emit = useEffectEvent((q: string) => onChange(q));

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => emit(text), 300);
    return () => clearTimeout(timer);
  }, [text, value]);

  const apply = (q: string) => {
    setText(q);
    if (q !== value) onChange(q);
  };

  return (
    <InputGroup className="search-box">
      <Form.Control
        type="search"
        placeholder={placeholder}
        aria-label={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply(text);
          }
        }}
      />
      {text && (
        <Button variant="outline-secondary" aria-label="Limpar pesquisa" onClick={() => apply('')}>
          <span aria-hidden>×</span>
        </Button>
      )}
    </InputGroup>
  );
}
