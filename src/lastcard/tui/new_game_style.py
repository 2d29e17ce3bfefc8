"""How the new-game screen (`lastcard.tui.new_game`) is laid out: two columns, setup and options,
stacked on a narrow terminal, and a control with the keyboard marked so that it stands out."""

NEW_GAME_CSS = """
NewGameScreen {
    layout: vertical;
}
NewGameScreen #title {
    text-style: bold;
    padding: 0 1;
    height: 1;
    margin-bottom: 1;
}
NewGameScreen #body {
    height: 1fr;
}
NewGameScreen #setup {
    width: 60;
    padding: 0 1;
}
NewGameScreen #options {
    width: 1fr;
    padding: 0 1;
    border-left: vkey $foreground 20%;
}
/* Narrow terminals: the two columns stack, and the body scrolls as one. */
NewGameScreen #body.stacked {
    layout: vertical;
    overflow-y: auto;
}
NewGameScreen #body.stacked #setup, NewGameScreen #body.stacked #options {
    width: 100%;
    height: auto;
    overflow-y: hidden;
    border-left: none;
}
NewGameScreen .row, NewGameScreen .opponent, NewGameScreen .option-row {
    height: 1;
}
NewGameScreen .row {
    margin-bottom: 1;
}
NewGameScreen #preset-row {
    margin-bottom: 0;
}
NewGameScreen #preset-help {
    height: auto;
    margin-bottom: 1;
    padding-left: 10;
    color: $text-muted;
}
NewGameScreen .row > Label {
    width: 10;
}
NewGameScreen .row > Select, NewGameScreen .row > Input {
    width: 24;
}
NewGameScreen .opponent > Label {
    width: 10;
    padding-left: 2;
}
NewGameScreen .opponent > Select {
    width: 14;
}
NewGameScreen .level-help {
    width: 1fr;
    padding-left: 1;
    color: $text-muted;
}
NewGameScreen #opponents {
    height: auto;
    margin-bottom: 1;
}
NewGameScreen .option {
    height: auto;
    margin-bottom: 1;
}
NewGameScreen .option-row > Label {
    width: 26;
}
/* The column is 1fr wide: at 120 columns, side by side, about 55 inside. The list takes
   what the label leaves, up to 32, so its arrow is never cut off. */
NewGameScreen .option-row > Select {
    width: 1fr;
    max-width: 32;
}
NewGameScreen .option-row > Input {
    width: 14;
}
NewGameScreen .option-row > Switch {
    border: none;
    padding: 0;
    height: 1;
}
NewGameScreen .switch-state {
    width: auto;
    padding-left: 1;
}
NewGameScreen .option-help {
    color: $text-muted;
    padding-left: 2;
}
NewGameScreen .member-row {
    height: 1;
    padding-left: 2;
}
NewGameScreen .member-row > Label {
    width: 24;
}
NewGameScreen .member-row > Switch {
    border: none;
    padding: 0;
    height: 1;
}
NewGameScreen .member-help {
    color: $text-muted;
    padding-left: 4;
}
NewGameScreen #error {
    color: $error;
    height: auto;
    padding: 0 1;
}
NewGameScreen #buttons {
    height: auto;
    padding: 0 1;
}
NewGameScreen #buttons > Button {
    margin-right: 2;
}
/* The control with the keyboard stands out at 3:1 from the form at least: compact lists and
   fields marked it with a background one step lighter (234 against 235 in 256 colours), and
   a switch without its border showed nothing. */
NewGameScreen Select:focus > SelectCurrent, NewGameScreen Input:focus {
    background: $block-cursor-background;
    color: $block-cursor-foreground;
}
/* A switch is all slider: its track carries the mark. */
NewGameScreen Switch:focus > .switch--slider {
    background: $block-cursor-background;
}
"""
