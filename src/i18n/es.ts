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
  forms: {
    required: 'Este campo es obligatorio.',
    invalidField: 'Campo no válido',
    requiredNote: 'Los campos marcados con * son obligatorios.',
    choose: 'Selecciona una opción',
    submit: 'Enviar',
    submitFailed: 'No se ha podido enviar. Inténtalo de nuevo.',
    consentLabel: 'He leído y acepto',
    consentConditionsLink: 'las condiciones generales',
    consentAnd: 'y',
    consentPrivacyLink: 'la política de privacidad',
    consentConditionsTitle: 'Condiciones generales',
    consentPrivacyTitle: 'Política de privacidad',
    consentRequired: 'Debes aceptar las condiciones para continuar.',
    documentLoading: 'Cargando el documento…',
  },
  ui: {
    close: 'Cerrar',
    loading: 'Cargando…',
  },
} as const;

/** The shape every language resource must have. */
export type Resource = { [Group in keyof typeof es]: { [Key in keyof (typeof es)[Group]]: string } };
