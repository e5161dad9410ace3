import { describe, expect, it } from 'vitest';
import { fillTemplate } from './fast-reply-constants';

describe('fast-reply variables and their fallback syntax', () => {
  it('fills known variables, uses the fallback when a value is missing, and reports the rest', () => {
    const { content, missing } = fillTemplate(
      'Hi {{customer_first_name | there}}, order {{ order_number }} from {{store_name}}. — {{agent_first_name}} {{unknown_thing}}',
      { customer_first_name: '', store_name: 'Northwind', agent_first_name: 'Sam' },
    );
    expect(content).toBe('Hi there, order  from Northwind. — Sam {{unknown_thing}}');
    expect(missing).toEqual(['order_number']);
  });
});
