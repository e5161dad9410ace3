import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { assignmentActivityLabel } from './activity-text';

afterEach(() => {
  i18n.activate('en');
});

describe('assignment activity lines', () => {
  it('reads back what automatic assignment stored, and leaves other lines alone', () => {
    expect(assignmentActivityLabel('Assigned to Ana by round-robin')).toBe(
      'Assigned to Ana by round-robin',
    );
    expect(assignmentActivityLabel('Assigned to Jo by Design by least-busy')).toBe(
      'Assigned to Jo by Design by least-busy',
    );
    expect(assignmentActivityLabel('Returned to the queue: Ana went offline')).toBe(
      'Returned to the queue: Ana went offline',
    );
    expect(assignmentActivityLabel('Olga Owner assigned the conversation to Ana')).toBeNull();
  });
});
