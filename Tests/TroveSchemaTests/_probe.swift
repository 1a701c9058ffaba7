// probe
