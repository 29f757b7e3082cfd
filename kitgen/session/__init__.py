"""The session report: a pile of validated logs, one per table, as one results sheet
(``kitgen report``): each table's result, the room's standings, each player's figures and
a look at the dice."""
