import { Flex, theme } from 'antd';
import type { Tag } from '@parley/contracts';
import { t } from '@lingui/core/macro';

/** A tag's colour dot and its name. */
export function TagSwatch({ tag }: { tag: Pick<Tag, 'name' | 'color'> }) {
  const { token } = theme.useToken();
  const color = tag.color;
  return (
    <Flex align="center" gap={8}>
      <span
        role="img"
        aria-label={t`Colour ${color}`}
        style={{
          width: 12,
          height: 12,
          borderRadius: '50%',
          // The colour the merchant picked for the tag: data, not theme.
          background: tag.color,
          flexShrink: 0,
          boxShadow: `inset 0 0 0 1px ${token.colorBorderSecondary}`,
        }}
      />
      <span dir="auto">{tag.name}</span>
    </Flex>
  );
}
