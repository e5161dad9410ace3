import { ColorPicker, Flex } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';

interface ColorFieldProps {
  /** The preset swatches (lowercase #rrggbb); the first is the picker's starting colour. */
  palette: readonly string[];
  value?: string;
  onChange?: (color: string) => void;
  id?: string;
}

/**
 * A colour form field (tags, a person's colour): one of the preset swatches, or any colour from
 * the picker. Values are lowercase #rrggbb.
 */
export function ColorField({ palette, value, onChange, id }: ColorFieldProps) {
  const current = value?.toLowerCase();
  const custom = current !== undefined && !palette.some((c) => c === current);
  return (
    <Flex id={id} role="radiogroup" aria-label={t`Colour`} gap={8} wrap align="center">
      {palette.map((color) => {
        const checked = color === current;
        return (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={t`Colour ${color}`}
            title={color}
            onClick={() => onChange?.(color)}
            style={{
              width: 28,
              height: 28,
              // A 28 px target (WCAG 2.2 asks 24) that a narrow row wraps rather than squeezes.
              flexShrink: 0,
              borderRadius: '50%',
              border: checked ? '2px solid var(--parley-color-text)' : '2px solid transparent',
              outline: '1px solid var(--parley-color-border-secondary)',
              background: color,
              // The tick sits on the swatch's own colour, which the palettes keep dark.
              color: 'var(--parley-color-text-light-solid)',
              cursor: 'pointer',
              padding: 0,
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {checked && <CheckOutlined aria-hidden style={{ fontSize: 12 }} />}
          </button>
        );
      })}
      <ColorPicker
        value={current ?? palette[0]}
        format="hex"
        disabledAlpha
        disabledFormat
        showText={() => (custom ? current : 'Custom')}
        aria-label={t`Custom colour`}
        onChangeComplete={(color) => onChange?.(color.toHexString().toLowerCase())}
      />
    </Flex>
  );
}
