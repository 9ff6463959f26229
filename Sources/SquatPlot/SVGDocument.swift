enum SquatPlotPlaceholder {}
