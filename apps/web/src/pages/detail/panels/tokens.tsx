import { type DesignToken, NO_TOKENS, type TokenMatcher } from '@ferry/shared';
import { createContext, useContext } from 'react';
import { CopyValue } from './CopyValue';
import './tokens.css';

/** The linked tokens the properties panel names values by (none outside a project linking any). */
export const TokensContext = createContext<TokenMatcher>(NO_TOKENS);
export const useTokens = () => useContext(TokensContext);

/** A matched token's name beside its value, copyable: `color/brand/primary`. */
export function TokenName({ token, testId }: { token: DesignToken | null | undefined; testId?: string }) {
  if (!token) return null;
  return (
    <CopyValue value={token.name} className="inspect-token" testId={testId ?? 'inspect-token'}>
      {token.name}
    </CopyValue>
  );
}
