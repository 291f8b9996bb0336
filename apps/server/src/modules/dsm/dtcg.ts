import {
  DsmLimits,
  DTCG_TYPE_OF,
  type TokenImportFault,
  type TokenKind,
  type TokenValue,
  tokenNameSchema,
  tokenValueSchemas,
} from '@ferry/shared';
import { type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { fail } from '../../http/errors.js';
import { dtcgValueOf, ValueFault, valueOfDtcg } from './dtcg-values.js';

/** The key under `$extensions` keeping what DTCG cannot say (radius and spacing are both dimensions). */
export const FERRY_EXTENSION = 'app.ferry';

export interface PlainToken {
  name: string;
  kind: TokenKind;
  value: TokenValue;
  description: string;
}

type Group = { [key: string]: unknown };

/** A W3C DTCG file of the tokens: groups by `/`, `$type`, `$value`, `$description`, and the kind as an extension. */
export function toDtcg(tokens: PlainToken[]): Group {
  const root: Group = {};
  for (const token of tokens) {
    const parts = token.name.split('/');
    let group = root;
    for (const part of parts.slice(0, -1)) {
      if (!Object.hasOwn(group, part)) setOwn(group, part, {});
      group = group[part] as Group;
    }
    const leaf = parts[parts.length - 1];
    setOwn(group, leaf, {
      ...(Object.hasOwn(group, leaf) ? (group[leaf] as Group) : {}),
      $type: DTCG_TYPE_OF[token.kind],
      $value: dtcgValueOf(token.kind, token.value),
      ...(token.description ? { $description: token.description } : {}),
      $extensions: { [FERRY_EXTENSION]: { kind: token.kind } },
    });
  }
  return root;
}

/** An own property, whatever the key: `group[key] = …` with `__proto__` would replace the prototype instead. */
const setOwn = (group: Group, key: string, value: unknown) =>
  Object.defineProperty(group, key, { value, enumerable: true, writable: true, configurable: true });

/** DTCG types an import reads as tokens; the others may be named by aliases (a typography's font family). */
const IMPORTED_TYPES = new Set(['color', 'dimension', 'typography', 'shadow', 'border']);
const OTHER_DTCG_TYPES = new Set([
  'fontFamily',
  'fontWeight',
  'number',
  'duration',
  'cubicBezier',
  'strokeStyle',
  'gradient',
  'transition',
]);
const ALIAS = /^\{([^{}]+)\}$/;

interface Found {
  path: string[];
  node: Node;
  type: string | undefined;
  value: Node;
  description: Node | undefined;
  extensions: Node | undefined;
}

/** Groups, tokens and their values nest this deep at most; deeper files are refused before they are parsed. */
const MAX_NESTING = 32;
/** An alias may name an alias this many times over. */
const MAX_ALIAS_DEPTH = 32;

/** The offset of the first `{` or `[` (outside strings) that opens past MAX_NESTING levels, or -1. */
function tooDeepAt(text: string): number {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      depth += 1;
      if (depth > MAX_NESTING) return at;
    } else if (char === '}' || char === ']') depth -= 1;
  }
  return -1;
}

function positionOf(text: string, offset: number) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** The 19121 refusal: where (line, column, dotted path) and why, in both languages. */
function refusal(text: string, offset: number, path: string[], why: { zh: string; en: string }) {
  const fault: TokenImportFault = { ...positionOf(text, offset), path: path.join('.') };
  const at = fault.path ? ` ${fault.path}` : '';
  return fail(
    'DSM_IMPORT_INVALID',
    {
      zh: `令牌文件无效（第 ${fault.line} 行第 ${fault.column} 列${at}）：${why.zh}`,
      en: `The tokens file is not valid (line ${fault.line}, column ${fault.column}${at}): ${why.en}`,
    },
    fault,
  );
}

const property = (object: Node, key: string) =>
  object.children?.find((child) => child.children?.[0].value === key)?.children?.[1];

/** What jsonc-parser's error codes mean, in words a person fixing the file reads. */
const JSON_FAULTS: Record<string, { zh: string; en: string }> = {
  InvalidSymbol: { zh: '此处有无法识别的字符', en: 'a character that does not belong here' },
  InvalidNumberFormat: { zh: '数字格式错误', en: 'a badly written number' },
  PropertyNameExpected: {
    zh: '此处应是带引号的名称（是否多了逗号？）',
    en: 'a quoted name was expected here (an extra comma?)',
  },
  ValueExpected: { zh: '此处应是一个值', en: 'a value was expected here' },
  ColonExpected: { zh: '名称后缺少冒号', en: 'a colon is missing after the name' },
  CommaExpected: { zh: '缺少逗号', en: 'a comma is missing' },
  CloseBraceExpected: { zh: '缺少 }', en: 'a closing } is missing' },
  CloseBracketExpected: { zh: '缺少 ]', en: 'a closing ] is missing' },
  EndOfFileExpected: { zh: '文件在此处应已结束', en: 'the file should end here' },
  InvalidCommentToken: { zh: '不允许注释', en: 'comments are not allowed' },
  UnexpectedEndOfComment: { zh: '不允许注释', en: 'comments are not allowed' },
  UnexpectedEndOfString: { zh: '字符串没有结束引号', en: 'a string has no closing quote' },
  UnexpectedEndOfNumber: { zh: '数字不完整', en: 'a number is cut short' },
  InvalidUnicode: { zh: 'Unicode 转义错误', en: 'a bad Unicode escape' },
  InvalidEscapeCharacter: { zh: '转义字符错误', en: 'a bad escape character' },
  InvalidCharacter: { zh: '字符串中有不允许的字符', en: 'a character not allowed in a string' },
};

/**
 * The tokens of a DTCG JSON file, checked whole: plain JSON (no comments or trailing commas), groups holding
 * tokens (`$value`), `$type` inherited from groups, aliases `{a.b}` resolved (cycles refused), our name rule.
 * A dimension is a radius when its extension says so or its path speaks of radius, corner or rounding;
 * a spacing otherwise. rem is read at 16px. Anything wrong throws 19121 with its line and column.
 */
export function parseDtcg(text: string): PlainToken[] {
  // The parser and the walks below recurse once per level: a file of a million `[` must not reach them.
  const deep = tooDeepAt(text);
  if (deep >= 0) {
    throw refusal(text, deep, [], {
      zh: `嵌套超过 ${MAX_NESTING} 层`,
      en: `it nests deeper than ${MAX_NESTING} levels`,
    });
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || !tree) {
    const first = errors[0];
    const what =
      JSON_FAULTS[first ? printParseErrorCode(first.error) : 'ValueExpected'] ?? JSON_FAULTS.InvalidSymbol;
    throw refusal(text, first?.offset ?? 0, [], {
      zh: `不是合法的 JSON：${what.zh}`,
      en: `not valid JSON: ${what.en}`,
    });
  }
  if (tree.type !== 'object') {
    throw refusal(text, tree.offset, [], { zh: '顶层应是一个对象', en: 'the top level should be an object' });
  }
  const found = new Map<string, Found>();
  const walk = (group: Node, path: string[], inherited: string | undefined) => {
    const typeNode = property(group, '$type');
    if (typeNode && typeof typeNode.value !== 'string') {
      throw refusal(text, typeNode.offset, path, { zh: '$type 应是字符串', en: '$type should be a string' });
    }
    const type = (typeNode?.value as string | undefined) ?? inherited;
    for (const child of group.children ?? []) {
      const [keyNode, valueNode] = child.children ?? [];
      const key = keyNode.value as string;
      const at = [...path, key];
      // A group's own properties ($type, $description, $extensions; Tokens Studio's $themes, $metadata).
      if (key.startsWith('$')) continue;
      if (/[.{}]/.test(key)) {
        throw refusal(text, keyNode.offset, at, {
          zh: '名称不能包含 .、{ 或 }',
          en: 'a name cannot contain ".", "{" or "}"',
        });
      }
      if (valueNode?.type !== 'object') {
        throw refusal(text, valueNode?.offset ?? keyNode.offset, at, {
          zh: '应是令牌（含 $value）或分组对象',
          en: 'should be a token (with $value) or a group object',
        });
      }
      const value = property(valueNode, '$value');
      if (!value) {
        const keys = (valueNode.children ?? []).map((entry) => String(entry.children?.[0].value));
        if (keys.length > 0 && keys.every((name) => name.startsWith('$'))) {
          throw refusal(text, valueNode.offset, at, { zh: '令牌缺少 $value', en: 'a token needs $value' });
        }
        walk(valueNode, at, type);
        continue;
      }
      const inner = valueNode.children?.find((entry) => !String(entry.children?.[0].value).startsWith('$'));
      if (inner) {
        throw refusal(text, inner.offset, at, {
          zh: '令牌（含 $value）不能再包含令牌或分组',
          en: 'a token (with $value) cannot hold tokens or groups',
        });
      }
      const ownType = property(valueNode, '$type');
      const dotted = at.join('.');
      if (found.has(dotted)) {
        throw refusal(text, keyNode.offset, at, { zh: '同名令牌出现了两次', en: 'the token appears twice' });
      }
      found.set(dotted, {
        path: at,
        node: valueNode,
        type: typeof ownType?.value === 'string' ? ownType.value : type,
        value,
        description: property(valueNode, '$description'),
        extensions: property(valueNode, '$extensions'),
      });
    }
  };
  walk(tree, [], undefined);

  const resolving = new Set<string>();
  // Each alias is resolved once and shared: `[{a}, {a}]` chained level after level stays linear, not 2^n.
  const resolved = new Map<string, unknown>();
  /** A value with every alias replaced by what it names (its type too, when the token has none). */
  const resolve = (value: unknown, token: Found): unknown => {
    if (typeof value === 'string') {
      const alias = ALIAS.exec(value.trim());
      if (!alias) return value;
      const target = found.get(alias[1]);
      if (!target) {
        throw refusal(text, token.value.offset, token.path, {
          zh: `引用的令牌 ${alias[1]} 不存在`,
          en: `the referenced token ${alias[1]} does not exist`,
        });
      }
      if (resolved.has(alias[1])) return resolved.get(alias[1]);
      if (resolving.has(alias[1])) {
        throw refusal(text, token.value.offset, token.path, {
          zh: `引用形成了循环（${alias[1]}）`,
          en: `the references make a loop (${alias[1]})`,
        });
      }
      if (resolving.size >= MAX_ALIAS_DEPTH) {
        throw refusal(text, token.value.offset, token.path, {
          zh: `引用链超过 ${MAX_ALIAS_DEPTH} 层`,
          en: `the references chain more than ${MAX_ALIAS_DEPTH} deep`,
        });
      }
      resolving.add(alias[1]);
      const result = resolve(nodeValue(target.value), target);
      resolving.delete(alias[1]);
      resolved.set(alias[1], result);
      return result;
    }
    if (Array.isArray(value)) return value.map((item) => resolve(item, token));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, token)]));
    }
    return value;
  };
  /** The token's type, or that of the token its alias names (followed in a loop: chains may be long). */
  const typeOf = (token: Found): string | undefined => {
    const seen = new Set<string>();
    for (let at: Found | undefined = token; at; ) {
      if (at.type) return at.type;
      const alias = typeof at.value.value === 'string' ? ALIAS.exec(at.value.value.trim()) : null;
      if (!alias || seen.has(alias[1])) return undefined;
      seen.add(alias[1]);
      at = found.get(alias[1]);
    }
    return undefined;
  };

  const tokens: PlainToken[] = [];
  for (const token of found.values()) {
    const type = typeOf(token);
    const why = (zh: string, en: string) => refusal(text, token.node.offset, token.path, { zh, en });
    if (!type) throw why('没有 $type（自身或所在分组）', 'has no $type (of its own or a group’s)');
    if (OTHER_DTCG_TYPES.has(type)) continue;
    if (!IMPORTED_TYPES.has(type)) throw why(`不支持的 $type：${type}`, `the $type ${type} is not supported`);
    if (tokens.length >= DsmLimits.tokensPerProject) throw fail('DSM_LIMIT');
    const name = token.path.join('/');
    if (!tokenNameSchema.safeParse(name).success) {
      throw why(
        '名称每段只能含字母、数字、- 和 _，最多 8 段',
        'each part of a name may hold only letters, digits, - and _, in at most 8 parts',
      );
    }
    const kind = kindOf(type, token);
    let value: TokenValue;
    try {
      value = valueOfDtcg(kind, resolve(nodeValue(token.value), token));
    } catch (error) {
      if (!(error instanceof ValueFault)) throw error;
      throw refusal(text, token.value.offset, token.path, {
        zh: `$value ${error.zh}`,
        en: `$value ${error.en}`,
      });
    }
    const checked = tokenValueSchemas[kind].safeParse(value);
    if (!checked.success) throw why('$value 与类型不符', `$value does not fit the type ${type}`);
    const description = token.description?.value;
    if (description !== undefined && typeof description !== 'string') {
      throw why('$description 应是字符串', '$description should be a string');
    }
    tokens.push({
      name,
      kind,
      value: checked.data as TokenValue,
      description: (description ?? '').slice(0, DsmLimits.descriptionMaxLength),
    });
  }
  return tokens;
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object':
      return Object.fromEntries(
        (node.children ?? []).map((child) => [
          child.children?.[0].value,
          nodeValue(child.children?.[1] as Node),
        ]),
      );
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

function kindOf(type: string, token: Found): TokenKind {
  if (type === 'dimension') {
    const ferry = token.extensions ? property(token.extensions, FERRY_EXTENSION) : undefined;
    const said = ferry ? property(ferry, 'kind')?.value : undefined;
    if (said === 'radius' || said === 'spacing') return said;
    return /radius|corner|rounded/i.test(token.path.join('/')) ? 'radius' : 'spacing';
  }
  return type as TokenKind;
}
