/** German texts of the print editor that are not command labels (those live on the commands). */
export const editorTexts = {
  title: 'Kennzeichenhalter gestalten',
  canvas: 'Druckbereich des Kennzeichenhalters',
  canvasHelp:
    'Pfeiltasten verschieben (mit Umschalt 10-fach), N wählt das nächste Element, Entf löscht, Strg+Z macht rückgängig.',
  // Shown instead of canvasHelp on touch screens ((pointer: coarse) or (hover: none), editorStyles).
  touchHelp:
    'Tippen wählt ein Element aus, Ziehen verschiebt es, die runden Griffe ändern die Größe. Ziehen auf freier Fläche verschiebt den Ausschnitt, + und − zoomen.',
  zoomIn: 'Vergrößern',
  zoomOut: 'Verkleinern',
  pan: 'Ausschnitt verschieben',
  export: 'In den Warenkorb',
  back: 'Zurück',
  saving: 'Wird gespeichert …',
  uploading: 'Bild wird hochgeladen …',
  // spec 8: image upload failure.
  uploadFailed: 'Es ist ein Fehler aufgetreten, bitte teilen Sie uns dies mit.',
  invalidImage: 'Bitte wählen Sie ein Bild im Format PNG, JPEG oder SVG.',
  close: 'Schließen',
  emojiPicker: 'Emoji auswählen',
  iconPicker: 'Symbol auswählen',
  background: 'Hintergrundfarbe',
  properties: 'Eigenschaften',
  items: 'Elemente',
  noItems: 'Noch keine Elemente. Fügen Sie Text, ein Emoji, ein Symbol oder ein Bild hinzu.',
  noSelection: 'Wählen Sie ein Element aus, um es zu bearbeiten.',
  text: 'Text',
  font: 'Schriftart',
  fontSize: 'Schriftgröße',
  colour: 'Farbe',
  letterSpacing: 'Zeichenabstand',
  size: 'Größe',
  rotation: 'Drehung (Grad)',
  selected: 'Ausgewählt',
  loadingProduct: 'Produkt wird geladen …',
  productFailed: 'Das Produkt konnte nicht geladen werden.',
  types: { text: 'Text', smile: 'Emoji', icon: 'Symbol', image: 'Bild', bg: 'Hintergrund' },
} as const;
