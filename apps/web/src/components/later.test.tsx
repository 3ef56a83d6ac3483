import { useLayoutEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Later } from './later.tsx';

function Rest({ log }: { log: string[] }) {
  log.push('rest built');
  return <p>rest</p>;
}

function Top({ log }: { log: string[] }) {
  useLayoutEffect(() => void log.push('top on screen'));
  return <h1>top</h1>;
}

function Middle({ log }: { log: string[] }) {
  useLayoutEffect(() => void log.push('middle on screen'));
  return <p>middle</p>;
}

/** Records when the top is on the screen and when the rest is built. */
function Screen({ log, deferred }: { log: string[]; deferred: boolean }) {
  return (
    <>
      <Top log={log} />
      {deferred ? (
        <Later>
          <Rest log={log} />
        </Later>
      ) : (
        <Rest log={log} />
      )}
    </>
  );
}

describe('Later', () => {
  it('builds its children only after the rest of the screen is on it', async () => {
    const log: string[] = [];
    render(<Screen log={log} deferred />);
    expect(await screen.findByText('rest')).toBeInTheDocument();
    expect(log).toEqual(['top on screen', 'rest built']);
  });

  it('(without it, the rest is built before the top shows)', () => {
    const log: string[] = [];
    render(<Screen log={log} deferred={false} />);
    expect(log).toEqual(['rest built', 'top on screen']);
  });

  it('stage 2 is built after stage 1 is on the screen', async () => {
    const log: string[] = [];
    render(
      <>
        <Top log={log} />
        <Later>
          <Middle log={log} />
        </Later>
        <Later stage={2}>
          <Rest log={log} />
        </Later>
      </>,
    );
    expect(await screen.findByText('rest')).toBeInTheDocument();
    expect(log).toEqual(['top on screen', 'middle on screen', 'rest built']);
  });
});
