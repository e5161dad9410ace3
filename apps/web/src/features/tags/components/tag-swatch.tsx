import { Flex } from 'antd';
import type { Tag } from '@parley/contracts';

/** A tag's colour dot and its name. */
export function TagSwatch({ tag }: { tag: Pick<Tag, 'name' | 'color'> }) {
  return (
    <Flex align="center" gap={8}>
      <span
        role="img"
        aria-label={`Colour ${tag.color}`}
        style={{
          width: 12,
          height: 12,
          borderRadius: '50%',
          background: tag.color,
          flexShrink: 0,
          boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.08)',
        }}
      />
      <span>{tag.name}</span>
    </Flex>
  );
}
