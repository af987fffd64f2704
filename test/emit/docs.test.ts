/** Spec text → doc comment structures: defused comment terminators, no empty comments, constraint notes. */
import { describe, expect, it } from 'vitest';
import {
  constraintNotes,
  docs,
  escapeDocText,
  typeDescription,
} from '../../generator/emit/common/doc-comments.js';
import { nullable, ref, schema, str } from '../support/ir-values.js';

describe('docs', () => {
  it('is no comment at all when there is nothing to say', () => {
    expect(docs({})).toEqual([]);
    expect(docs({ description: '  ' })).toEqual([]);
  });

  it('joins summary, description and notes as paragraphs, once each, and adds default and deprecated tags', () => {
    expect(
      docs({
        summary: 'Lists things.',
        description: 'Lists things.',
        notes: ['Maximum length: 3.'],
        defaultValue: 'x',
        deprecated: true,
      }),
    ).toEqual([
      {
        description: 'Lists things.\n\nMaximum length: 3.',
        tags: [{ tagName: 'default', text: '"x"' }, { tagName: 'deprecated' }],
      },
    ]);
  });

  it('never lets spec text end the comment', () => {
    const [doc] = docs({ description: 'ends here */ not really\r\nnext line' });
    expect(doc!.description).not.toContain('*/');
    expect(doc!.description).toBe(escapeDocText('ends here */ not really\r\nnext line'));
    expect(escapeDocText('a */ b\r\nc')).toBe('a *\\/ b\nc');
  });
});

describe('constraintNotes', () => {
  it('names formats, lengths and bounds, through a nullable', () => {
    expect(constraintNotes(nullable({ kind: 'string', format: 'email', maxLength: 150 }))).toEqual([
      'Format: email.',
      'Maximum length: 150.',
    ]);
    expect(constraintNotes({ kind: 'number', integer: true, minimum: 0, maximum: 10 })).toEqual([
      'Minimum: 0.',
      'Maximum: 10.',
    ]);
    expect(constraintNotes(str)).toEqual([]);
  });
});

describe('typeDescription', () => {
  const user = schema('User', str, { description: 'A person.\n\nMore detail.' });
  const named = (name: string) => (name === 'User' ? user : undefined);

  it('links the referenced schema with its first paragraph, or says what a constant always is', () => {
    expect(typeDescription(ref('User'), named)).toBe('{@link User}: A person.');
    expect(typeDescription({ kind: 'array', items: ref('User') }, named)).toBe(
      'A list of {@link User}: A person.',
    );
    expect(typeDescription({ kind: 'literal', value: 'point' }, named)).toBe('Always `"point"`.');
    expect(typeDescription(str, named)).toBeUndefined();
  });
});
