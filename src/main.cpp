// rochade: castling in chess game databases. main() only dispatches to the app layer.
#include "app/cli.hpp"

int main(int argc, char** argv) { return rochade::app::run_cli(argc, argv); }
