import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { Button, Form, InputGroup, Overlay, Popover } from 'react-bootstrap';
import { Calendar } from './date-calendar.tsx';
import { brToIso, DATE_INVALID, isoToBr, isTime, maskDate, maskTime, TIME_INVALID } from './date-text.ts';

export { brToIso, DATE_INVALID, isoToBr, isTime, maskDate, maskTime, TIME_INVALID };

/**
 * Dates typed and shown as dd/mm/aaaa (times as HH:mm) whatever the browser's language, where the
 * native date input would follow the browser (mm/dd/yyyy on an English one). The form still gets
 * 'YYYY-MM-DD' (and 'YYYY-MM-DDTHH:mm'): '' when empty; while the text is not a real date, the text
 * itself, which the form's and the server's checks refuse, so nothing half-typed is ever saved.
 */

/**
 * What the date and the time fields share: digits typed as text (the punctuation comes by itself),
 * the pattern as placeholder and as the length, invalid while there is a message.
 */
function typedProps(
  pattern: string,
  message: string | undefined,
): Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'autoComplete' | 'placeholder' | 'maxLength' | 'aria-invalid'
> & { isInvalid: boolean } {
  return {
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    placeholder: pattern,
    maxLength: pattern.length,
    isInvalid: !!message,
    'aria-invalid': message ? true : undefined,
  };
}

interface DateInputProps {
  /** 'YYYY-MM-DD', '' or what the form held before (shown as it is). */
  value: string | null | undefined;
  onChange(value: string): void;
  onBlur?(): void;
  id?: string;
  name?: string;
  /** The form's own message for this field (the component's 'Data inválida' comes first). */
  error?: string;
  disabled?: boolean;
  min?: string;
  max?: string;
  'aria-describedby'?: string;
}

/**
 * A date field in dd/mm/aaaa: type the digits (the slashes come by themselves) or pick a day in the
 * calendar of the button beside it. Takes its id from the surrounding Form.Group's controlId.
 */
export function DateInput({ value, onChange, onBlur, id, name, error, disabled, min, max, ...aria }: DateInputProps) {
  const [text, setText] = useState(() => isoToBr(value));
  const [invalid, setInvalid] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const feedbackId = useId();

  // A value set from outside (a reset, a restored draft) replaces the text, unless it is what the text says.
  useEffect(() => {
    const current = brToIso(text) ?? text;
    if ((value ?? '') !== current) {
      setText(isoToBr(value));
      setInvalid(false);
    }
    // Only the value coming in matters here; the text follows the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const emit = (next: string) => {
    setText(next);
    if (!next) onChange('');
    else onChange(brToIso(next) ?? next);
    if (invalid && (!next || brToIso(next))) setInvalid(false);
  };
  const message = invalid ? DATE_INVALID : error;
  return (
    <>
      <InputGroup className="date-input flex-nowrap">
        <Form.Control
          ref={input}
          id={id}
          name={name}
          {...typedProps('dd/mm/aaaa', message)}
          value={text}
          disabled={disabled}
          aria-describedby={[message ? feedbackId : '', aria['aria-describedby'] ?? ''].join(' ').trim() || undefined}
          onChange={(e) => emit(maskDate(e.target.value))}
          onBlur={() => {
            setInvalid(!!text && !brToIso(text));
            onBlur?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              setOpen(true);
            }
          }}
        />
        <Button
          ref={button}
          variant="outline-secondary"
          disabled={disabled}
          aria-label="Abrir calendário"
          aria-expanded={open}
          aria-haspopup="dialog"
          onClick={() => setOpen((o) => !o)}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
            <path d="M4 0a.5.5 0 0 1 .5.5V1h7V.5a.5.5 0 0 1 1 0V1H14a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2h1.5V.5A.5.5 0 0 1 4 0M1 5v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5z" />
          </svg>
        </Button>
      </InputGroup>
      {/* Under the field and its button, whatever the width. */}
      {message && (
        <div className="invalid-feedback d-block" id={feedbackId}>
          {message}
        </div>
      )}
      <Overlay target={button.current} show={open} placement="bottom-end" rootClose onHide={() => setOpen(false)}>
        <Popover className="date-popover shadow">
          <Popover.Body className="p-2" role="dialog" aria-label="Calendário">
            <Calendar
              selected={brToIso(text)}
              min={min}
              max={max}
              onPick={(iso) => {
                emit(isoToBr(iso));
                setInvalid(false);
                setOpen(false);
                input.current?.focus();
              }}
              onClose={() => {
                setOpen(false);
                button.current?.focus();
              }}
            />
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}

interface TimeInputProps {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  id?: string;
  error?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

/** A 24-hour time in HH:mm, typed as digits. */
export function TimeInput({ value, onChange, onBlur, id, error, disabled, ...aria }: TimeInputProps) {
  const [invalid, setInvalid] = useState(false);
  const message = invalid ? TIME_INVALID : error;
  const feedbackId = useId();
  return (
    <div className="time-input">
      <Form.Control
        id={id}
        {...typedProps('hh:mm', message)}
        value={value}
        disabled={disabled}
        aria-label={aria['aria-label']}
        aria-describedby={message ? feedbackId : undefined}
        onChange={(e) => {
          const next = maskTime(e.target.value);
          if (invalid && (!next || isTime(next))) setInvalid(false);
          onChange(next);
        }}
        onBlur={() => {
          setInvalid(!!value && !isTime(value));
          onBlur?.();
        }}
      />
      <Form.Control.Feedback type="invalid" id={feedbackId}>
        {message}
      </Form.Control.Feedback>
    </div>
  );
}

interface DateTimeInputProps {
  /** 'YYYY-MM-DDTHH:mm' or ''. */
  value: string | null | undefined;
  onChange(value: string): void;
  onBlur?(): void;
  id?: string;
  error?: string;
  disabled?: boolean;
  min?: string;
}

/**
 * A date (dd/mm/aaaa) and a time (HH:mm) side by side for one 'YYYY-MM-DDTHH:mm' value: '' when
 * both are empty, the combined value when both are right, and otherwise something the form refuses.
 */
export function DateTimeInput({ value, onChange, onBlur, id, error, disabled, min }: DateTimeInputProps) {
  const [datePart, setDatePart] = useState(() => (value ?? '').slice(0, 10));
  const [timePart, setTimePart] = useState(() => (value ?? '').slice(11, 16));
  useEffect(() => {
    const current = datePart || timePart ? `${datePart}T${timePart}` : '';
    if ((value ?? '') !== current) {
      setDatePart((value ?? '').slice(0, 10));
      setTimePart((value ?? '').slice(11, 16));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const emit = (d: string, t: string) => {
    setDatePart(d);
    setTimePart(t);
    onChange(d || t ? `${d}T${t}` : '');
  };
  const timeId = `${id ?? 'datetime'}-time`;
  return (
    <div className="date-time-input d-flex gap-2 align-items-start">
      <div className="flex-grow-1">
        <DateInput
          id={id}
          value={datePart}
          onChange={(d) => emit(d, timePart)}
          onBlur={onBlur}
          error={error}
          disabled={disabled}
          min={min?.slice(0, 10)}
        />
      </div>
      <div className="date-time-input-time">
        <TimeInput
          id={timeId}
          aria-label="Hora"
          value={timePart}
          onChange={(t) => emit(datePart, t)}
          onBlur={onBlur}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
