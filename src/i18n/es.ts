/** Spanish, the default language and the reference every other resource is checked against. */
export const es = {
  icon: {
    label: 'Club de fidelidad',
  },
  panel: {
    label: 'Club de fidelidad',
    section: 'Sección: {{section}}',
  },
  tooltip: {
    label: 'Aviso del club de fidelidad',
  },
  cart: {
    label: 'Carrito',
  },
} as const;

/** The shape every language resource must have. */
export type Resource = { [Group in keyof typeof es]: { [Key in keyof (typeof es)[Group]]: string } };
