export { addField, listTemplateFields, MAX_NAME_LENGTH, removeField, reorderFields, replaceField } from './fields.js';
export { findPreset, listPresets, type Preset, PRESETS } from './presets.js';
export { createTemplate, deleteTemplate, fieldView, getTemplateWithFields, listTemplates, MAX_TEMPLATES, templateView, updateTemplateSettings } from './templates.js';
