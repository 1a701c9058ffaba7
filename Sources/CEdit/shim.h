// libedit's native API, with non-variadic wrappers: Swift cannot call el_set() or history() directly.
#include <stdio.h>
#include <histedit.h>

/// The prompt function, called before each line is read. Text between two `ignore` characters
/// (colour codes) takes no room on the screen.
static inline int trove_el_set_prompt(EditLine *el, char *(*prompt)(EditLine *), char ignore) {
    return el_set(el, EL_PROMPT_ESC, prompt, ignore);
}

/// Emacs key bindings (Ctrl-R, Ctrl-A, Ctrl-E, arrows) whatever ~/.editrc says.
static inline int trove_el_set_emacs(EditLine *el) {
    return el_set(el, EL_EDITOR, "emacs");
}

/// Lets libedit handle SIGWINCH (redraw on resize) and restore the terminal on signals.
static inline int trove_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

/// Attaches a history, so that Up and Down and incremental search use it.
static inline int trove_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

/// Adds a named editor function that a key can be bound to.
static inline int trove_el_add_function(EditLine *el, const char *name, const char *help,
                                        unsigned char (*function)(EditLine *, int)) {
    return el_set(el, EL_ADDFN, name, help, function);
}

/// Binds a key sequence (such as "^I" or "^R") to a named editor function.
static inline int trove_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}

/// Changes one terminal setting while editing, e.g. "-isig" so that Ctrl-C reaches the editor as a key.
static inline int trove_el_set_tty(EditLine *el, const char *setting) {
    return el_set(el, EL_SETTY, "-d", setting, NULL);
}

/// Sets the history's size.
static inline int trove_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

/// Adds a line to the history.
static inline int trove_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}
