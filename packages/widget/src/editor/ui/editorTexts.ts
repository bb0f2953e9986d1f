/** German texts of the print editor that are not command labels (those live on the commands). */
export const editorTexts = {
  title: 'Kennzeichenhalter gestalten',
  canvas: 'Druckbereich des Kennzeichenhalters',
  canvasHelp:
    'Pfeiltasten verschieben (mit Umschalt 10-fach), N wählt das nächste Element, Entf löscht, Strg+Z macht rückgängig.',
  // Shown instead of canvasHelp on touch screens ((pointer: coarse) or (hover: none), editorStyles).
  touchHelp:
    'Tippen wählt ein Element aus, Ziehen verschiebt es, runde Griffe drehen und skalieren. Ziehen auf freier Fläche verschiebt den Ausschnitt, zwei Finger zoomen.',
  zoomIn: 'Vergrößern',
  zoomOut: 'Verkleinern',
  pan: 'Ausschnitt verschieben',
  export: 'In den Warenkorb',
  /**
   * The price of what "In den Warenkorb" adds, above the button (PAngV § 3, § 6 (3); Art. 246a § 1 (1) no. 4
   * EGBGB): the holder's name, its gross price, VAT included, shipping on top. The generator's words.
   */
  price: (name: string, price: string) => `${name}: ${price} je Stück, inkl. MwSt., zzgl. Versand`,
  back: 'Zurück',
  saving: 'Wird gespeichert …',
  uploading: 'Bild wird hochgeladen …',
  // spec 8: image upload failure.
  uploadFailed: 'Es ist ein Fehler aufgetreten, bitte teilen Sie uns dies mit.',
  /** Why a picked picture is not used (EditorError `reason`), in the shopper's words and with what to do. */
  imageProblems: {
    format: 'Bitte wählen Sie ein Bild im Format PNG, JPEG, WebP, GIF oder SVG.',
    tooLarge: 'Das Bild ist zu groß. Bitte wählen Sie eine Datei bis 20 MB.',
    empty: 'Die Datei ist leer. Liegt das Foto nur in der Cloud, laden Sie es zuerst auf das Gerät.',
    heif: 'Fotos im Format HEIC kann der Browser nicht öffnen. Bitte wählen Sie ein Foto im Format JPEG oder PNG (am iPhone: Einstellungen > Kamera > Formate > „Maximale Kompatibilität“).',
    tooManyPixels:
      'Das Bild hat zu viele Bildpunkte. Bitte wählen Sie ein Bild mit höchstens 50 Megapixeln, z. B. mit der Kamera in der Standardauflösung aufgenommen.',
    shape:
      'Das Bild ist zu schmal oder zu flach für einen Druck. Bitte wählen Sie ein Bild, dessen lange Seite höchstens 50-mal so lang ist wie die kurze.',
    // The file itself may be small: its picture, drawn anew and once more smaller, still exceeds the upload cap.
    overUploadCap:
      'Das Bild bleibt auch verkleinert größer als 10 MB und kann nicht hochgeladen werden. Bitte wählen Sie ein anderes Bild, z. B. ein Foto im Format JPEG.',
    unreadable: 'Das Bild konnte nicht gelesen werden. Bitte wählen Sie ein anderes Bild.',
  },
  // A print does not move: of an animated GIF or WebP the first frame is used (shown in the status line).
  firstFrameOnly: 'Animiertes Bild: Gedruckt wird nur das erste Bild der Animation.',
  // "In den Warenkorb" on an untouched design would order a blank black strip.
  emptyDesign: 'Ihr Druck ist noch leer. Fügen Sie zuerst Text, ein Emoji, ein Symbol oder ein Bild hinzu.',
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
  added: 'Hinzugefügt',
  deleted: 'Gelöscht',
  deselected: 'Auswahl aufgehoben',
  undone: 'Rückgängig gemacht',
  redone: 'Wiederhergestellt',
  loadingProduct: 'Produkt wird geladen …',
  productFailed: 'Das Produkt konnte nicht geladen werden.',
  originNotAllowed: 'Der Konfigurator ist auf dieser Seite noch nicht freigeschaltet.',
  stageFailed: 'Der Editor kann auf dieser Seite nicht starten.',
  types: { text: 'Text', smile: 'Emoji', icon: 'Symbol', image: 'Bild', bg: 'Hintergrund' },
} as const;
