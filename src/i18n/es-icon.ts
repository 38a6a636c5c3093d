/**
 * The Spanish texts of the icon's first paint, part of the Spanish resource (./es.ts) but kept apart: the icon
 * shows its label with this alone, before i18next and the rest of the texts have loaded.
 */
export const esIcon = {
  label: 'Club de fidelidad',
};
