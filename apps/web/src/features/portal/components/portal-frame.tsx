import type { CSSProperties, ReactNode } from 'react';
import type { PortalBrand } from '@ordem-certa/contracts';

/** The product's blue, for a company that chose no colour. */
const DEFAULT_COLOR = '#0d6efd';

/** Black or white text, whichever reads better on the colour (WCAG's relative luminance). */
function textOn(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/**
 * The portal's page: the company's logo and name on a band of its colour, the page below (phone first,
 * one column); the colour also paints the primary buttons and links of the page.
 */
export function PortalFrame({
  brand,
  actions,
  children,
}: {
  brand: PortalBrand | undefined;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const color = brand?.brandColor ?? DEFAULT_COLOR;
  const style = { '--portal-brand': color, '--portal-brand-text': textOn(color) } as CSSProperties;
  return (
    <div className="portal-page" style={style}>
      <header className="portal-band">
        <div className="portal-band-inner">
          {brand?.logo && <img src={brand.logo} alt="" className="portal-logo" />}
          <span className="portal-company">{brand?.companyName ?? 'Área do cliente'}</span>
          <span className="ms-auto">{actions}</span>
        </div>
      </header>
      <main className="portal-main">{children}</main>
    </div>
  );
}
