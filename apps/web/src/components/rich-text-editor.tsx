import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, ButtonGroup, Form, InputGroup } from 'react-bootstrap';

/**
 * Removes what must never run inside the editor (scripts, frames, event handlers, javascript:
 * links) before HTML typed in source mode or loaded from the server becomes live DOM. The parse
 * happens in an inert document. The server sanitizes again with its allow-list: it is the authority.
 */
export function cleanHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.body
    .querySelectorAll('script,style,iframe,object,embed,link,meta,base,form,input,button,textarea,select')
    .forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
      if (name.startsWith('on')) el.removeAttribute(attr.name);
      else if (
        (name === 'href' || name === 'src' || name === 'xlink:href') &&
        /^(javascript|vbscript|data):/.test(value)
      )
        el.removeAttribute(attr.name);
    }
  });
  return doc.body.innerHTML;
}

const SAFE_URL = /^(https?:\/\/|mailto:|tel:)/i;

const blockStyles = [
  { value: 'p', label: 'Parágrafo' },
  { value: 'h1', label: 'Título 1' },
  { value: 'h2', label: 'Título 2' },
  { value: 'h3', label: 'Título 3' },
  { value: 'blockquote', label: 'Citação' },
] as const;

interface RichTextEditorProps {
  value: string;
  onChange(html: string): void;
  onBlur?(): void;
  /** Accessible name of the editing area. */
  label: string;
  id?: string;
  minHeight?: number;
}

/**
 * A compact rich-text editor on contentEditable (the company's e-mail template): bold, italic,
 * underline, strikethrough, lists, link, clear formatting, undo/redo, block styles and an HTML
 * source mode. The value is HTML.
 */
export function RichTextEditor({ value, onChange, onBlur, label, id, minHeight = 160 }: RichTextEditorProps) {
  const uid = useId();
  const editorRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [source, setSource] = useState(false);
  const [link, setLink] = useState<string | null>(null);

  // Outside changes (loading, reset, leaving source mode) replace the content; typing does not.
  useEffect(() => {
    const el = editorRef.current;
    if (!el || source) return;
    if (el.innerHTML !== value) el.innerHTML = cleanHtml(value);
  }, [value, source]);

  const emit = () => {
    const el = editorRef.current;
    if (el) onChange(el.innerHTML);
  };

  const exec = (command: string, arg?: string) => {
    editorRef.current?.focus();
    document.execCommand('styleWithCSS', false, 'false');
    document.execCommand(command, false, arg);
    emit();
  };

  const saveSelection = () => {
    const sel = window.getSelection();
    const el = editorRef.current;
    savedRange.current =
      sel && sel.rangeCount > 0 && el?.contains(sel.getRangeAt(0).commonAncestorContainer)
        ? sel.getRangeAt(0).cloneRange()
        : null;
  };

  const applyLink = () => {
    const url = (link ?? '').trim();
    setLink(null);
    if (!SAFE_URL.test(url)) return;
    editorRef.current?.focus();
    const sel = window.getSelection();
    if (savedRange.current && sel) {
      sel.removeAllRanges();
      sel.addRange(savedRange.current);
    }
    if (!sel || sel.isCollapsed) {
      const a = document.createElement('a');
      a.href = url;
      a.textContent = url;
      exec('insertHTML', a.outerHTML);
    } else {
      exec('createLink', url);
    }
  };

  const tool = (name: string, command: string, icon: ReactNode, arg?: string) => (
    <Button
      variant="outline-secondary"
      size="sm"
      title={name}
      aria-label={name}
      disabled={source}
      // Keep the selection in the editor while clicking the toolbar.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => exec(command, arg)}
    >
      {icon}
    </Button>
  );

  return (
    <div className="rich-text-editor border rounded bg-white">
      <div
        className="rte-toolbar d-flex flex-wrap gap-1 p-1 border-bottom bg-body-tertiary"
        role="toolbar"
        aria-label={`Formatação: ${label}`}
      >
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label="Estilo"
          disabled={source}
          defaultValue=""
          onChange={(e) => {
            if (e.target.value) exec('formatBlock', e.target.value);
            e.target.value = '';
          }}
        >
          <option value="">Estilos</option>
          {blockStyles.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Form.Select>
        <ButtonGroup size="sm">
          {tool('Negrito', 'bold', <b>N</b>)}
          {tool('Itálico', 'italic', <i>I</i>)}
          {tool('Sublinhado', 'underline', <u>S</u>)}
          {tool('Tachado', 'strikeThrough', <s>T</s>)}
        </ButtonGroup>
        <ButtonGroup size="sm">
          {tool('Lista com marcadores', 'insertUnorderedList', '• ≡')}
          {tool('Lista numerada', 'insertOrderedList', '1. ≡')}
        </ButtonGroup>
        <ButtonGroup size="sm">
          <Button
            variant="outline-secondary"
            title="Link"
            aria-label="Link"
            disabled={source}
            onMouseDown={(e) => {
              e.preventDefault();
              saveSelection();
            }}
            onClick={() => setLink('https://')}
          >
            <span className="text-decoration-underline">Link</span>
          </Button>
          <Button
            variant="outline-secondary"
            title="Limpar formatação"
            aria-label="Limpar formatação"
            disabled={source}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              exec('removeFormat');
              exec('unlink');
            }}
          >
            T̸
          </Button>
        </ButtonGroup>
        <ButtonGroup size="sm">
          {tool('Desfazer', 'undo', '↶')}
          {tool('Refazer', 'redo', '↷')}
        </ButtonGroup>
        <Button
          size="sm"
          variant={source ? 'secondary' : 'outline-secondary'}
          className="ms-auto"
          aria-pressed={source}
          title="Editar o código HTML"
          onClick={() => {
            // Leaving source mode keeps only what the visual editor may render.
            if (source) onChange(cleanHtml(value));
            setSource(!source);
          }}
        >
          HTML
        </Button>
      </div>
      {link !== null && (
        <InputGroup size="sm" className="p-1 border-bottom">
          <Form.Control
            autoFocus
            aria-label="Endereço do link"
            value={link}
            isInvalid={link.length > 8 && !SAFE_URL.test(link)}
            onChange={(e) => setLink(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              } else if (e.key === 'Escape') setLink(null);
            }}
          />
          <Button variant="primary" onClick={applyLink}>
            Inserir link
          </Button>
          <Button variant="outline-secondary" onClick={() => setLink(null)}>
            Cancelar
          </Button>
        </InputGroup>
      )}
      {source ? (
        <Form.Control
          as="textarea"
          id={id}
          aria-label={`${label} (HTML)`}
          className="rte-source border-0 rounded-0 font-monospace small"
          style={{ minHeight }}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      ) : (
        <div
          ref={editorRef}
          id={id ?? uid}
          className="rte-content p-2"
          style={{ minHeight }}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          onInput={emit}
          onBlur={onBlur}
        />
      )}
    </div>
  );
}
