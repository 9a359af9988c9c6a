// TipTap v3 configured like an issue tracker's editor (see tiptap-adapter.js).
import { createTiptapAdapter } from './tiptap-adapter.js';

window.benchAdapter = createTiptapAdapter();
