import { Type, type Static } from 'typebox';
import { editorDocument, integer, string } from './fields.js';

/** A description (of an issue or a page) and the version it is at, as its description route answers. */
export const descriptionShape = Type.Object({ description_html: string, version: integer });

/** A description and its version. */
export type Description = Static<typeof descriptionShape>;

/**
 * PUT …/description: the new text and the version it was edited from (here, or as an
 * `If-Match: "<version>"` header), so a concurrent edit is refused instead of overwritten.
 */
export const descriptionSaveBody = Type.Object(
  { description_html: string, description_json: Type.Optional(editorDocument), version: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);

/** What saving a description sends. */
export type DescriptionSaveBody = Static<typeof descriptionSaveBody>;

/** What the app's editors send when saving: the text and the version it was edited from (always named). */
export type DescriptionSave = Required<Pick<DescriptionSaveBody, 'description_html' | 'version'>>;
