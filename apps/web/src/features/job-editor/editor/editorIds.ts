/**
 * The editor toolbar's element id: the target of the job page's "Skip to the editor's toolbar"
 * link (issue 39). Its own file, so the page links to it without loading the editor's code.
 */
export const EDITOR_TOOLBAR_ID = 'editor-toolbar';
