/**
 * The editor's words in French: a complete strings table, the proof that no word is
 * hard-coded, and a starting point for other locales.
 *
 * ```js
 * import { fr } from 'rich-editor/locales/fr';
 * editor.strings = fr;
 * ```
 */
import type { StringKey } from '../core/strings.js';

/** Every word of the editor, in French. */
export const fr: Readonly<Record<StringKey, string>> = {
  'editor.label': 'Éditeur de texte riche',
  'editor.leaveHint': 'Appuyez sur Échap, puis sur Tab, pour quitter l’éditeur.',
  placeholder: 'Tapez « / » pour les commandes…',
  'placeholder.heading': 'Titre {level}',

  'form.required': 'Veuillez renseigner ce champ.',

  'upload.noFile': 'Aucun fichier sélectionné. Choisissez un fichier à envoyer.',
  'upload.invalidType': 'Type de fichier non valide. Choisissez une image.',
  'upload.tooLarge': 'Fichier trop volumineux. Choisissez un fichier de moins de {size}.',
  'upload.dismiss': 'Fermer',
  'upload.uploading': 'Envoi de {name}',
  'upload.progress': "Progression de l'envoi",
  'upload.cancel': "Annuler l'envoi",

  'todo.done': 'Terminé',

  'collab.connecting': 'Connexion au document partagé…',
  'collab.offline': 'Le document partagé est injoignable. Nouvelle tentative…',
  'collab.unauthorized': 'Vous ne pouvez pas modifier ce document.',
  'collab.incompatible': 'Ce document contient un contenu que cet éditeur ne sait pas afficher : il est en lecture seule ici. Rien n’a été modifié.',
  'collab.tooLarge': 'Cette modification est trop volumineuse pour être partagée d’un coup : elle n’a pas été faite. Collez-la en plusieurs parties.',
  'collab.you': 'Vous',

  'slash.label': 'Commandes',
  'slash.empty': 'Aucune commande ne correspond',
  'slash.text.title': 'Texte',
  'slash.text.description': 'Écrivez simplement du texte.',
  'slash.heading1.title': 'Titre 1',
  'slash.heading1.description': 'Grand titre de section.',
  'slash.heading2.title': 'Titre 2',
  'slash.heading2.description': 'Titre de section moyen.',
  'slash.heading3.title': 'Titre 3',
  'slash.heading3.description': 'Petit titre de section.',
  'slash.todo.title': 'Tâches',
  'slash.todo.description': 'Suivez le travail avec une liste de tâches.',
  'slash.bullet.title': 'Liste à puces',
  'slash.bullet.description': 'Une liste à puces simple.',
  'slash.numbered.title': 'Liste numérotée',
  'slash.numbered.description': 'Une liste avec numérotation.',
  'slash.table.title': 'Tableau',
  'slash.table.description': 'Insérer un tableau.',
  'slash.quote.title': 'Citation',
  'slash.quote.description': 'Citer un passage.',
  'slash.code.title': 'Code',
  'slash.code.description': 'Un extrait de code.',
  'slash.image.title': 'Image',
  'slash.image.description': 'Envoyer une image depuis votre ordinateur.',
  'slash.divider.title': 'Séparateur',
  'slash.divider.description': 'Séparer visuellement les blocs.',

  'blockMenu.label': 'Type de bloc',
  'blockMenu.multiple': 'Plusieurs',
  'blockMenu.text': 'Texte',
  'blockMenu.heading1': 'Titre 1',
  'blockMenu.heading2': 'Titre 2',
  'blockMenu.heading3': 'Titre 3',
  'blockMenu.todo': 'Liste de tâches',
  'blockMenu.bullet': 'Liste à puces',
  'blockMenu.numbered': 'Liste numérotée',
  'blockMenu.quote': 'Citation',
  'blockMenu.code': 'Code',

  'toolbar.label': 'Mise en forme',
  'toolbar.bold': 'Gras',
  'toolbar.italic': 'Italique',
  'toolbar.strike': 'Barré',
  'toolbar.underline': 'Souligné',
  'toolbar.code': 'Code',
  'toolbar.link': 'Lien',
  'toolbar.editLink': 'Modifier le lien',
  'toolbar.linkUrl': 'Adresse du lien',
  'toolbar.removeLink': 'Supprimer le lien',

  'announce.markOn': '{mark} activé',
  'announce.markOff': '{mark} désactivé',
  'announce.movedUp': 'Bloc déplacé vers le haut',
  'announce.movedDown': 'Bloc déplacé vers le bas',

  'mention.label': 'Suggestions de mention',
  'mention.loading': 'Chargement…',
  'mention.empty': 'Aucun résultat',

  'dragHandle.label': 'Glisser pour déplacer le bloc',
  'image.resize': "Redimensionner l'image",
  'image.size': '{width} × {height} pixels',
  'image.alt': 'Texte alternatif',
  'image.altPlaceholder': 'Décrivez cette image',

  'code.language': 'Langage du code',
  'code.plaintext': 'Texte brut',
  'code.copy': 'Copier',
  'code.copyLabel': 'Copier le code',
  'code.copied': 'Copié',

  'table.rowOptions': 'Options de la ligne',
  'table.columnOptions': 'Options de la colonne',
  'table.insertRowAbove': 'Insérer une ligne au-dessus',
  'table.insertRowBelow': 'Insérer une ligne en dessous',
  'table.deleteRow': 'Supprimer la ligne',
  'table.headerRow': "Ligne d'en-tête",
  'table.insertColumnLeft': 'Insérer une colonne à gauche',
  'table.insertColumnRight': 'Insérer une colonne à droite',
  'table.deleteColumn': 'Supprimer la colonne',
  'table.headerColumn': "Colonne d'en-tête",
  'table.deleteTable': 'Supprimer le tableau',
  'table.colour': 'Couleur',
  'table.colour.blue': 'Bleu',
  'table.colour.orange': 'Orange',
  'table.colour.grey': 'Gris',
  'table.colour.yellow': 'Jaune',
  'table.colour.green': 'Vert',
  'table.colour.red': 'Rouge',
  'table.colour.pink': 'Rose',
  'table.colour.purple': 'Violet',
  'table.colour.none': 'Aucune',
};
