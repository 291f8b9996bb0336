import type { DesignToken, ProjectTokenSet, TokenKind, TokenValue } from '@ferry/shared';

/** Tokens of two linked dsm projects that the sample doc's layers use (its lengths at @2x, tokens in code px). */
function token(
  id: string,
  name: string,
  kind: TokenKind,
  value: TokenValue,
  projectId = 'ds-1',
): DesignToken {
  return {
    id,
    project_id: projectId,
    kind,
    name,
    value,
    description: '',
    order: 1,
    createTime: 0,
    updateTime: 0,
  };
}

export const brandTokens: ProjectTokenSet = {
  project_id: 'ds-1',
  name: 'Brand',
  tokens: [
    token('t-1', 'color/brand/primary', 'color', '#3370ff'),
    token('t-2', 'color/text/ink', 'color', '#1e2025'),
    token('t-3', 'color/surface', 'color', '#ffffff'),
    token('t-4', 'radius/md', 'radius', '8px'),
    token('t-5', 'text/title', 'typography', {
      fontFamily: 'PingFang SC',
      fontSize: '16px',
      fontWeight: 500,
      lineHeight: 1.375,
    }),
    token('t-6', 'shadow/card', 'shadow', {
      color: '#00000014',
      offsetX: '0px',
      offsetY: '2px',
      blur: '6px',
      spread: '0px',
    }),
    token('t-7', 'border/hairline', 'border', { color: '#e5e6eb', width: '1px', style: 'solid' }),
  ],
};

export const legacyTokens: ProjectTokenSet = {
  project_id: 'ds-2',
  name: 'Legacy',
  tokens: [
    token('t-8', 'old/blue', 'color', '#3370ff', 'ds-2'),
    token('t-9', 'old/border', 'color', '#e5e6eb', 'ds-2'),
  ],
};
