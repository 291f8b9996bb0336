import { type Layer, type LayerDoc, plainLayer, type Rgba } from '@ferry/shared';

/** A hand-made LayerDoc of a 750 × 1334 phone screen drawn at @2x, for the inspect view's tests. */
export const rgba = (r: number, g: number, b: number, a = 1): Rgba => ({ r, g, b, a });

export function shape(
  id: string,
  name: string,
  frame: [number, number, number, number],
  extra: Partial<Layer> = {},
): Layer {
  const [x, y, width, height] = frame;
  return plainLayer(id, name, 'shape', { x, y, width, height }, extra);
}

const ink = rgba(30, 32, 37);
const blue = rgba(51, 112, 255);

export const titleLayer: Layer = shape('1.1', 'Title', [60, 240, 300, 44], {
  type: 'text',
  text: {
    content: 'Hello Ferry',
    align: 'left',
    runs: [
      {
        start: 0,
        end: 6,
        fontFamily: 'PingFang SC',
        postScriptName: 'PingFangSC-Medium',
        fontSize: 32,
        fontWeight: 500,
        fontStyle: 'normal',
        lineHeight: 44,
        letterSpacing: 1,
        color: ink,
        underline: false,
        strikethrough: false,
      },
      {
        start: 6,
        end: 11,
        fontFamily: 'PingFang SC',
        postScriptName: 'PingFangSC-Semibold',
        fontSize: 32,
        fontWeight: 600,
        fontStyle: 'normal',
        lineHeight: 44,
        letterSpacing: 1,
        color: blue,
        underline: false,
        strikethrough: false,
      },
    ],
  },
});

export const cardLayer: Layer = shape('1.0', 'Card bg', [30, 200, 690, 300], {
  radius: [16, 16, 16, 16],
  fills: [{ type: 'solid', color: rgba(255, 255, 255) }],
  borders: [{ fill: { type: 'solid', color: rgba(229, 230, 235) }, width: 2, position: 'inside', dash: [] }],
  shadows: [{ type: 'outer', color: rgba(0, 0, 0, 0.08), x: 0, y: 4, blur: 12, spread: 0 }],
});

export const buttonLayer: Layer = shape('1.2', 'Buy now', [60, 400, 200, 72], {
  radius: [36, 36, 36, 36],
  fills: [
    {
      type: 'linear',
      angle: 90,
      stops: [
        { color: blue, position: 0 },
        { color: rgba(91, 140, 255), position: 1 },
      ],
    },
  ],
  exportable: true,
});

export const tabBarLayer: Layer = shape('2', 'Tab bar', [0, 1234, 750, 100], {
  fills: [{ type: 'solid', color: rgba(255, 255, 255, 0.9) }],
  opacity: 0.95,
  blendMode: 'multiply',
});

export const sampleDoc: LayerDoc = {
  version: 1,
  source: 'psd',
  width: 750,
  height: 1334,
  layers: [
    shape('0', 'Background', [0, 0, 750, 1334], { fills: [{ type: 'solid', color: rgba(245, 246, 248) }] }),
    shape('1', 'Card', [30, 200, 690, 300], {
      type: 'group',
      children: [cardLayer, titleLayer, buttonLayer],
    }),
    tabBarLayer,
  ],
};
