/** An SVG QR code the server drew, shown as an image (never as markup in the page). */
export function QrCode({ svg, label, size = 200 }: { svg: string; label: string; size?: number }) {
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={size}
      height={size}
      className="d-block mx-auto bg-white border rounded p-1"
      data-testid="two-factor-qr"
    />
  );
}

/** A new secret's text, in groups of four, for typing into the app by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The recovery codes, shown once, with a way to copy them. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div data-testid="recovery-codes">
      <p className="small mb-2">
        Guarde estes códigos de recuperação em um lugar seguro. Cada um entra uma vez, se você ficar sem o celular. Eles
        não serão mostrados de novo.
      </p>
      <ul className="list-unstyled row row-cols-2 g-1 font-monospace mb-2">
        {codes.map((c) => (
          <li key={c} className="col">
            {c}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).catch(() => undefined)}
      >
        Copiar os códigos
      </button>
    </div>
  );
}
